import {
  operationDetailSchema,
  operationListSchema,
  type Lamports,
  type OperationDetail,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../audit/audit-log';
import type { Actor } from '../../http/actor';
import { savePlan } from '../../ledger/ledger-repository';
import { createLedgerService, type LedgerService } from '../../ledger/ledger-service';
import { newTestKeypair } from '../../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../../testing/test-app';

describe.each(testDatabaseKinds)('operations API on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let ledger: LedgerService;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    // No endpoint starts an operation yet (the sending features will): the test starts them.
    ledger = createLedgerService({
      db: harness.database.db,
      audit: createAuditLog(harness.database.db),
      now: () => new Date(),
    });
    operator = await createOperator(harness.app, 'operations@example.com');
    other = await createOperator(harness.app, 'operations-other@example.com');
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  const actorOf = async (as: Operator): Promise<Actor> => {
    const [user] = await harness.database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, as.email));
    return {
      tenantId: as.tenantId,
      user: { id: user?.id ?? '', email: as.email, role: 'operator' },
    };
  };

  const get = (url: string, as: Operator = operator) =>
    harness.app.inject({ method: 'GET', url, cookies: { fleet_session: as.cookie } });

  /** A distribution of `count` recipients, 2 per transaction, from a stored plan. */
  async function start(as: Operator, count: number, lamports = 9_007_199_254_740_993n) {
    const actor = await actorOf(as);
    const master = newTestKeypair().address;
    const recipients = Array.from({ length: count }, () => newTestKeypair().address);
    const planId = await withTenant(harness.database.db, as.tenantId, (tx) =>
      savePlan(tx, as.tenantId, {
        kind: 'sol.distribute',
        plan: { recipients, lamports },
        createdBy: actor.user.id,
        now: new Date(),
      }),
    );
    return ledger.createOperation(actor, {
      planId,
      parameters: { amount: lamports.toString() },
      items: recipients.map((to) => ({
        leg: 'direct' as const,
        walletId: null,
        from: master,
        to,
        lamports: lamports as Lamports,
      })),
      transactions: Array.from({ length: Math.ceil(count / 2) }, (_, index) =>
        [index * 2, index * 2 + 1].filter((item) => item < count),
      ),
    });
  }

  it('answers an operation with its items, transactions and amounts as decimal strings', async () => {
    const { id } = await start(operator, 3);
    const response = await get(`/api/operations/${id}`);
    expect(response.statusCode).toBe(200);
    const detail: OperationDetail = operationDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      id,
      kind: 'sol.distribute',
      status: 'planned',
      report: '0 out of 3 wallets succeeded',
      totals: { wallets: 3, pending: 3, plannedLamports: '27021597764222979' },
    });
    expect(detail.items.map((item) => item.lamports)).toEqual(
      Array<string>(3).fill('9007199254740993'),
    );
    expect(detail.transactions.map((tx) => [tx.state, tx.itemIds.length])).toEqual([
      ['planned', 2],
      ['planned', 1],
    ]);
    // The creation was audited in the same transaction as the operation.
    const entries = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.tenantId, operator.tenantId),
          eq(schema.auditLog.action, 'operation.create'),
        ),
      );
    expect(entries.some((entry) => entry.detail?.includes(id))).toBe(true);
  });

  it("answers 404 for another tenant's operation, an unknown id and a malformed one", async () => {
    const { id } = await start(operator, 1);
    for (const [url, as] of [
      [`/api/operations/${id}`, other],
      ['/api/operations/00000000-0000-4000-8000-000000000000', operator],
      ['/api/operations/not-an-id', operator],
    ] as const) {
      const response = await get(url, as);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'OPERATION__NOT_FOUND' });
    }
  });

  it('lists the tenant’s operations newest first, by kind, a page at a time', async () => {
    const mine = [await start(operator, 1), await start(operator, 1), await start(operator, 1)];
    await start(other, 1);
    const first = operationListSchema.parse((await get('/api/operations?limit=2')).json());
    expect(first.operations.map((operation) => operation.id)).toEqual([mine[2]?.id, mine[1]?.id]);
    expect(first.nextCursor).not.toBeNull();
    const rest = operationListSchema.parse(
      (
        await get(`/api/operations?limit=200&cursor=${encodeURIComponent(first.nextCursor ?? '')}`)
      ).json(),
    );
    expect(rest.operations[0]?.id).toBe(mine[0]?.id);
    expect(rest.nextCursor).toBeNull();
    const theirs = operationListSchema.parse((await get('/api/operations', other)).json());
    expect(theirs.operations).toHaveLength(1);
    expect(theirs.operations[0]?.totals.plannedLamports).toBe('9007199254740993');
    const aggregates = operationListSchema.parse(
      (await get('/api/operations?kind=sol.aggregate')).json(),
    );
    expect(aggregates.operations).toEqual([]);
  });

  it('refuses a bad filter with a 400, and answers 401 without a session', async () => {
    expect((await get('/api/operations?kind=sol.burn')).statusCode).toBe(400);
    expect((await get('/api/operations?limit=0')).statusCode).toBe(400);
    expect((await get('/api/operations?cursor=garbage')).json()).toMatchObject({
      code: 'OPERATION__INVALID_CURSOR',
    });
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/operations' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('executes a plan at most once', async () => {
    const actor = await actorOf(operator);
    const planId = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      savePlan(tx, operator.tenantId, {
        kind: 'sol.aggregate',
        plan: { once: true },
        createdBy: actor.user.id,
        now: new Date(),
      }),
    );
    const input = { planId, parameters: {}, items: [], transactions: [] };
    await ledger.createOperation(actor, input);
    await expect(ledger.createOperation(actor, input)).rejects.toMatchObject({
      code: 'PLAN__ALREADY_USED',
    });
    await expect(ledger.createOperation(await actorOf(other), input)).rejects.toMatchObject({
      code: 'PLAN__NOT_FOUND',
    });
  });
});
