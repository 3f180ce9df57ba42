import {
  isFleetError,
  plannedTransaction,
  transition,
  type Lamports,
  type LedgerTransaction,
  type TransactionEvent,
} from '@fleet/core';
import { schema, withTenant, type TenantDatabase } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import {
  consumePlan,
  createOperation,
  insertPlannedTransactions,
  listOperations,
  loadOperation,
  loadTransactions,
  PLAN_VALIDITY_MS,
  recordTransaction,
  savePlan,
  transactionsToReconcile,
} from './ledger-repository';

const T0 = new Date('2026-11-25T12:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

function step(tx: LedgerTransaction, event: TransactionEvent): LedgerTransaction {
  const result = transition(tx, event);
  if (!result.ok) throw result.error;
  return result.value;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isFleetError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe.each(testDatabaseKinds)('the ledger repository on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}])
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  const tenant = (index: number) => tenants[index] ?? '';
  const inTenant = <T>(index: number, work: (tx: TenantDatabase) => Promise<T>): Promise<T> =>
    withTenant(database.db, tenant(index), work);
  const aPlan = (lamports: bigint) => ({
    transactions: [{ transfers: [{ to: newTestKeypair().address, lamports }] }],
    fee: 5_000n,
    problems: [],
  });
  const save = (index: number, plan: unknown, now = T0) =>
    inTenant(index, (tx) =>
      savePlan(tx, tenant(index), { kind: 'sol.distribute', plan, createdBy: null, now }),
    );

  /** An operation of `count` direct items from a saved and consumed plan. */
  async function newOperation(index: number, count: number, now = T0) {
    const master = newTestKeypair().address;
    const planId = await save(index, aPlan(BigInt(count) * 1_000_000n + 1n), now);
    return inTenant(index, async (tx) => {
      await consumePlan(tx, planId, now);
      return createOperation(tx, {
        tenantId: tenant(index),
        kind: 'sol.distribute',
        createdBy: null,
        planId,
        parameters: { amount: '0.001' },
        items: Array.from({ length: count }, () => ({
          leg: 'direct' as const,
          walletId: null,
          from: master,
          to: newTestKeypair().address,
          lamports: 1_000_000n as Lamports,
        })),
        now,
      });
    });
  }

  it('lets a tenant-bound session add audit entries for its own tenant only', async () => {
    const entry = (tenantId: string | null) => ({
      tenantId,
      actor: 'user',
      action: 'operation.create',
      outcome: 'success',
    });
    await inTenant(0, (tx) => tx.insert(schema.auditLog).values(entry(tenant(0))));
    await expect(
      inTenant(0, (tx) => tx.insert(schema.auditLog).values(entry(tenant(1)))),
    ).rejects.toThrow();
    await expect(
      inTenant(0, (tx) => tx.insert(schema.auditLog).values(entry(null))),
    ).rejects.toThrow();
    const written = await database.db
      .select({ tenantId: schema.auditLog.tenantId })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'operation.create'));
    expect(written.filter((row) => row.tenantId === tenant(1))).toEqual([]);
  });

  it('names a plan by the hash of its canonical JSON: the same plan, the same id', async () => {
    const plan = aPlan(1_234_567_890_123_456_789n);
    const reordered = { problems: plan.problems, fee: plan.fee, transactions: plan.transactions };
    const first = await save(0, plan);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await save(0, reordered)).toBe(first);
    expect(await save(0, aPlan(1n))).not.toBe(first);
    // The same plan for another tenant is another row, not a collision.
    expect(await save(1, plan)).not.toBe(first);
    const [stored] = await inTenant(0, (tx) =>
      tx.select().from(schema.operationPlans).where(eq(schema.operationPlans.id, first)),
    );
    expect(stored?.plan).toMatchObject({ fee: '5000' });
    expect(stored?.expiresAt.getTime()).toBe(T0.getTime() + PLAN_VALIDITY_MS);
  });

  it('consumes a plan once, and refuses an expired, unknown or foreign one', async () => {
    const plan = aPlan(2n);
    const planId = await save(0, plan);
    expect(await codeOf(inTenant(1, (tx) => consumePlan(tx, planId, T0)))).toBe('PLAN__NOT_FOUND');
    expect(await codeOf(inTenant(0, (tx) => consumePlan(tx, 'f'.repeat(64), T0)))).toBe(
      'PLAN__NOT_FOUND',
    );
    expect(await codeOf(inTenant(0, (tx) => consumePlan(tx, 'not a hash', T0)))).toBe(
      'PLAN__NOT_FOUND',
    );
    const consumed = await inTenant(0, (tx) => consumePlan(tx, planId, later(1_000)));
    expect(consumed).toMatchObject({ id: planId, kind: 'sol.distribute' });
    expect(await codeOf(inTenant(0, (tx) => consumePlan(tx, planId, later(2_000))))).toBe(
      'PLAN__ALREADY_USED',
    );
    // Saving it again does not make an executed plan executable.
    expect(await save(0, plan, later(3_000))).toBe(planId);
    expect(await codeOf(inTenant(0, (tx) => consumePlan(tx, planId, later(4_000))))).toBe(
      'PLAN__ALREADY_USED',
    );

    const old = await save(0, aPlan(3n));
    expect(await codeOf(inTenant(0, (tx) => consumePlan(tx, old, later(PLAN_VALIDITY_MS))))).toBe(
      'PLAN__EXPIRED',
    );
  });

  it('refuses a plan changed after it was stored, and a refusal consumes nothing', async () => {
    const planId = await save(0, aPlan(4n));
    await inTenant(0, (tx) =>
      tx
        .update(schema.operationPlans)
        .set({ plan: sql`jsonb_set(${schema.operationPlans.plan}, '{fee}', '"1"')` })
        .where(eq(schema.operationPlans.id, planId)),
    );
    expect(await codeOf(inTenant(0, (tx) => consumePlan(tx, planId, T0)))).toBe('PLAN__ALTERED');
    const [row] = await inTenant(0, (tx) =>
      tx.select().from(schema.operationPlans).where(eq(schema.operationPlans.id, planId)),
    );
    expect(row?.consumedAt).toBeNull();
  });

  it('stores an operation with its items and loads it in the shape of core', async () => {
    const operation = await newOperation(0, 3);
    const loaded = await inTenant(0, (tx) => loadOperation(tx, operation.id));
    expect(loaded).toMatchObject({
      id: operation.id,
      kind: 'distributeSol',
      kindName: 'sol.distribute',
      tenantId: tenant(0),
      status: 'planned',
      parameters: { amount: '0.001' },
    });
    expect(loaded?.items.map((item) => item.id)).toEqual(operation.items.map((item) => item.id));
    expect(loaded?.items.every((item) => item.amount === 1_000_000n)).toBe(true);
    expect(loaded?.totalsJson).toMatchObject({ wallets: 3, plannedLamports: '3000000' });
    expect(await inTenant(1, (tx) => loadOperation(tx, operation.id))).toBeUndefined();
  });

  it('refuses two items of one operation on the same leg between the same addresses', async () => {
    const planId = await save(0, aPlan(5n));
    const to = newTestKeypair().address;
    const from = newTestKeypair().address;
    const item = { leg: 'direct' as const, walletId: null, from, to, lamports: 1n as Lamports };
    await expect(
      inTenant(0, async (tx) => {
        await consumePlan(tx, planId, T0);
        await createOperation(tx, {
          tenantId: tenant(0),
          kind: 'sol.distribute',
          createdBy: null,
          planId,
          parameters: {},
          items: [item, item],
          now: T0,
        });
      }),
    ).rejects.toThrow();
  });

  it('writes a transaction only by a legal step from the state it was read in', async () => {
    const operation = await newOperation(0, 2);
    const itemIds = operation.items.map((item) => item.id);
    const planned = plannedTransaction(randomUUID(), operation.id, itemIds);
    await inTenant(0, (tx) =>
      recordTransaction(tx, { tenantId: tenant(0), next: planned, expected: null, now: T0 }),
    );
    const signed = step(planned, {
      type: 'signed',
      signature: `sig-${randomUUID()}`,
      lastValidBlockHeight: 1_000n,
    });
    // Illegal: planned straight to confirmed.
    const confirmedFromPlanned = { ...planned, state: 'confirmed' as const };
    expect(
      await codeOf(
        inTenant(0, (tx) =>
          recordTransaction(tx, {
            tenantId: tenant(0),
            next: confirmedFromPlanned,
            expected: planned,
            now: T0,
          }),
        ),
      ),
    ).toBe('LEDGER__ILLEGAL_TRANSITION');
    await inTenant(0, (tx) =>
      recordTransaction(tx, {
        tenantId: tenant(0),
        next: signed,
        expected: planned,
        wireBase64: 'AQID',
        now: T0,
      }),
    );
    // Stale: a second writer still holding `planned` cannot sign it again.
    const signedElsewhere = step(planned, {
      type: 'signed',
      signature: `sig-${randomUUID()}`,
      lastValidBlockHeight: 1_000n,
    });
    expect(
      await codeOf(
        inTenant(0, (tx) =>
          recordTransaction(tx, {
            tenantId: tenant(0),
            next: signedElsewhere,
            expected: planned,
            now: T0,
          }),
        ),
      ),
    ).toBe('LEDGER__STALE_TRANSACTION');
    // An insert of an id that exists is stale too, and a new row must start planned.
    expect(
      await codeOf(
        inTenant(0, (tx) =>
          recordTransaction(tx, { tenantId: tenant(0), next: planned, expected: null, now: T0 }),
        ),
      ),
    ).toBe('LEDGER__STALE_TRANSACTION');

    // Another tenant cannot plan a transaction on this operation (foreign keys see no policy).
    expect(
      await codeOf(
        inTenant(1, (tx) =>
          recordTransaction(tx, {
            tenantId: tenant(1),
            next: plannedTransaction(randomUUID(), operation.id, []),
            expected: null,
            now: T0,
          }),
        ),
      ),
    ).toBe('OPERATION__NOT_FOUND');

    const sent = step(signed, { type: 'broadcast', at: later(10).getTime() });
    await inTenant(0, (tx) =>
      recordTransaction(tx, { tenantId: tenant(0), next: sent, expected: signed, now: T0 }),
    );
    const reconcile = await inTenant(0, (tx) => transactionsToReconcile(tx, operation.id));
    expect(reconcile).toHaveLength(1);
    expect(reconcile[0]?.transaction).toEqual(sent);
    expect(reconcile[0]?.wireBase64).toBe('AQID');

    // A height then a status from one endpoint (applyObservation) is a legal step too.
    const seen = step(sent, { type: 'blockHeightNow', height: 900n });
    const confirmed = step(seen, { type: 'statusSeen', status: { kind: 'confirmed' } });
    await inTenant(0, (tx) =>
      recordTransaction(tx, { tenantId: tenant(0), next: confirmed, expected: sent, now: T0 }),
    );
    expect(await inTenant(0, (tx) => transactionsToReconcile(tx, operation.id))).toEqual([]);
    // The same observation again writes nothing and is accepted.
    await inTenant(0, (tx) =>
      recordTransaction(tx, {
        tenantId: tenant(0),
        next: confirmed,
        expected: confirmed,
        now: T0,
      }),
    );
    const loaded = await inTenant(0, (tx) => loadOperation(tx, operation.id));
    expect(loaded?.transactions).toEqual([confirmed]);
    expect(await inTenant(1, (tx) => transactionsToReconcile(tx, operation.id))).toEqual([]);
  });

  it('stores a plan’s transactions at once, after the operation’s others, with the same checks', async () => {
    const operation = await newOperation(0, 5);
    const [a, b, c, d, e] = operation.items.map((item) => item.id);
    if (!a || !b || !c || !d || !e) throw new Error('five items');
    const first = plannedTransaction(randomUUID(), operation.id, [a]);
    await inTenant(0, (tx) =>
      recordTransaction(tx, { tenantId: tenant(0), next: first, expected: null, now: T0 }),
    );
    // A lookup table's setup step first (no items), then two transfers.
    const setup = plannedTransaction(randomUUID(), operation.id, []);
    const rest = [
      plannedTransaction(randomUUID(), operation.id, [b, c]),
      plannedTransaction(randomUUID(), operation.id, [d, e]),
    ];
    await inTenant(0, (tx) =>
      insertPlannedTransactions(tx, {
        tenantId: tenant(0),
        operationId: operation.id,
        transactions: [
          { transaction: setup, setupStep: 0 },
          ...rest.map((transaction) => ({ transaction })),
        ],
        now: T0,
      }),
    );
    const loaded = await inTenant(0, (tx) => loadOperation(tx, operation.id));
    expect(loaded?.transactions).toEqual([first, setup, ...rest]);
    const stored = await inTenant(0, (tx) => loadTransactions(tx, operation.id));
    expect(stored.map((entry) => entry.setupStep)).toEqual([null, 0, null, null]);

    const insert = (index: number, transactions: LedgerTransaction[]) =>
      inTenant(index, (tx) =>
        insertPlannedTransactions(tx, {
          tenantId: tenant(index),
          operationId: operation.id,
          transactions: transactions.map((transaction) => ({ transaction })),
          now: T0,
        }),
      );
    const other = await newOperation(0, 1);
    const foreign = other.items[0]?.id ?? '';
    // An item of another operation, an item twice, an id that exists, another tenant, not planned.
    await expect(
      insert(0, [plannedTransaction(randomUUID(), operation.id, [a, foreign])]),
    ).rejects.toThrow();
    await expect(
      insert(0, [plannedTransaction(randomUUID(), operation.id, [a, a])]),
    ).rejects.toThrow();
    expect(await codeOf(insert(0, [first]))).toBe('LEDGER__STALE_TRANSACTION');
    expect(await codeOf(insert(1, [plannedTransaction(randomUUID(), operation.id, [])]))).toBe(
      'OPERATION__NOT_FOUND',
    );
    const signed = step(plannedTransaction(randomUUID(), operation.id, [a]), {
      type: 'signed',
      signature: `sig-${randomUUID()}`,
      lastValidBlockHeight: 1n,
    });
    expect(await codeOf(insert(0, [signed]))).toBe('LEDGER__ILLEGAL_TRANSITION');
    const after = await inTenant(0, (tx) => loadOperation(tx, operation.id));
    expect(after?.transactions).toEqual([first, setup, ...rest]);
  });

  it('lets exactly one of two concurrent writers advance a transaction', async () => {
    const operation = await newOperation(0, 1);
    const planned = plannedTransaction(
      randomUUID(),
      operation.id,
      operation.items.map((item) => item.id),
    );
    await inTenant(0, (tx) =>
      recordTransaction(tx, { tenantId: tenant(0), next: planned, expected: null, now: T0 }),
    );
    const writers = [1, 2].map((n) =>
      inTenant(0, (tx) =>
        recordTransaction(tx, {
          tenantId: tenant(0),
          next: step(planned, {
            type: 'signed',
            signature: `sig-${n}-${randomUUID()}`,
            lastValidBlockHeight: 500n,
          }),
          expected: planned,
          now: T0,
        }),
      ),
    );
    const outcomes = await Promise.allSettled(writers);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as { code: string }).code).toBe(
      'LEDGER__STALE_TRANSACTION',
    );
    const [stored] = await inTenant(0, (tx) => transactionsToReconcile(tx, operation.id));
    expect(stored?.transaction.state).toBe('signed');
  });

  it('lists operations newest first by kind, a page at a time, and only the tenant’s', async () => {
    await newOperation(1, 1, later(1));
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await newOperation(1, 1, later(100 + index))).id);
    }
    const first = await inTenant(1, (tx) => listOperations(tx, { limit: 2 }));
    expect(first.rows.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await inTenant(1, (tx) =>
      listOperations(tx, { limit: 2, cursor: first.nextCursor ?? '' }),
    );
    expect(second.rows.map((row) => row.id)[0]).toBe(ids[0]);
    expect(second.rows.every((row) => row.tenantId === tenant(1))).toBe(true);
    const aggregates = await inTenant(1, (tx) =>
      listOperations(tx, { kind: 'sol.aggregate', limit: 10 }),
    );
    expect(aggregates.rows).toEqual([]);
    expect(await codeOf(inTenant(1, (tx) => listOperations(tx, { limit: 2, cursor: 'x' })))).toBe(
      'OPERATION__INVALID_CURSOR',
    );
  });
});
