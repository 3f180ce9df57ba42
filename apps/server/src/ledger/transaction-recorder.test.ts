import {
  plannedTransaction,
  transition,
  type Lamports,
  type LedgerTransaction,
  type TransactionEvent,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import {
  consumePlan,
  createOperation,
  createTransactionRecorder,
  insertPlannedTransactions,
  loadTransactions,
  savePlan,
} from './ledger-repository';

const T0 = new Date('2026-11-25T12:00:00.000Z');

function step(tx: LedgerTransaction, event: TransactionEvent): LedgerTransaction {
  const result = transition(tx, event);
  if (!result.ok) throw result.error;
  return result.value;
}

describe.each(testDatabaseKinds)('the ledger recorder on %s', (kind) => {
  let database: TestDatabase;
  let tenantId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [row] = await database.db
      .insert(schema.tenants)
      .values({})
      .returning({ id: schema.tenants.id });
    tenantId = row?.id ?? '';
  });
  afterAll(async () => {
    await database.close();
  });

  /** An operation of `count` items, each in a planned transaction of its own. */
  async function plannedOperation(count: number) {
    const master = newTestKeypair().address;
    return withTenant(database.db, tenantId, async (tx) => {
      const planId = await savePlan(tx, tenantId, {
        kind: 'sol.distribute',
        plan: { count, nonce: randomUUID() },
        createdBy: null,
        now: T0,
      });
      await consumePlan(tx, planId, T0);
      const operation = await createOperation(tx, {
        tenantId,
        kind: 'sol.distribute',
        createdBy: null,
        planId,
        parameters: {},
        items: Array.from({ length: count }, () => ({
          leg: 'direct' as const,
          walletId: null,
          from: master,
          to: newTestKeypair().address,
          lamports: 1_000_000n as Lamports,
        })),
        now: T0,
      });
      const transactions = operation.items.map((item) =>
        plannedTransaction(randomUUID(), operation.id, [item.id]),
      );
      await insertPlannedTransactions(tx, {
        tenantId,
        operationId: operation.id,
        transactions: transactions.map((transaction) => ({ transaction })),
        now: T0,
      });
      return { operation, transactions };
    });
  }

  const signedAndSent = (planned: LedgerTransaction, at: number) =>
    step(
      step(planned, {
        type: 'signed',
        signature: `sig-${randomUUID()}`,
        lastValidBlockHeight: 1_000n,
      }),
      { type: 'broadcast', at },
    );

  it('commits the records asked for together, each as it alone would be', async () => {
    const { operation, transactions } = await plannedOperation(12);
    const recorder = createTransactionRecorder({ db: database.db, tenantId });
    const sent = transactions.map((planned, i) => signedAndSent(planned, T0.getTime() + i));

    // The signature and the first broadcast in one write, the bytes with them.
    const stored = await Promise.all(
      sent.map((next, i) =>
        recorder.record({
          next,
          expected: transactions[i] ?? null,
          wireBase64: `AQI${i}`,
          now: T0,
        }),
      ),
    );
    expect(stored).toEqual(sent);
    const read = await withTenant(database.db, tenantId, (tx) =>
      loadTransactions(tx, operation.id),
    );
    expect(read.map((entry) => entry.transaction)).toEqual(sent);
    expect(read.map((entry) => entry.wireBase64)).toEqual(sent.map((_, i) => `AQI${i}`));
    expect(read.map((entry) => entry.transaction.itemIds[0])).toEqual(
      operation.items.map((item) => item.id),
    );
  });

  it('fails only the stale record of a commit; the others are stored', async () => {
    const { operation, transactions } = await plannedOperation(6);
    const recorder = createTransactionRecorder({ db: database.db, tenantId });
    // Another process signed the third one already: this run still holds it as planned. The
    // first record commits alone, the third fails the shared commit of the other five.
    const stale = transactions[2];
    if (!stale) throw new Error('no transaction');
    await createTransactionRecorder({ db: database.db, tenantId }).record({
      next: signedAndSent(stale, 1),
      expected: stale,
      now: T0,
    });

    const outcomes = await Promise.allSettled(
      transactions.map((planned) =>
        recorder.record({ next: signedAndSent(planned, 2), expected: planned, now: T0 }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes[2]).toMatchObject({ reason: { code: 'LEDGER__STALE_TRANSACTION' } });
    const read = await withTenant(database.db, tenantId, (tx) =>
      loadTransactions(tx, operation.id),
    );
    expect(read.map((entry) => entry.transaction.lastBroadcastAt)).toEqual([2, 2, 1, 2, 2, 2]);
  });

  it('refuses to leave planned for sent with anything but one first broadcast', async () => {
    const { transactions } = await plannedOperation(1);
    const [planned] = transactions;
    if (!planned) throw new Error('no transaction');
    const recorder = createTransactionRecorder({ db: database.db, tenantId });
    const twice = step(signedAndSent(planned, 1), { type: 'broadcast', at: 2 });
    await expect(
      recorder.record({ next: twice, expected: planned, now: T0 }),
    ).rejects.toMatchObject({ code: 'LEDGER__ILLEGAL_TRANSITION' });
    const confirmed = step(signedAndSent(planned, 1), {
      type: 'statusSeen',
      status: { kind: 'confirmed' },
    });
    await expect(
      recorder.record({ next: confirmed, expected: planned, now: T0 }),
    ).rejects.toMatchObject({ code: 'LEDGER__ILLEGAL_TRANSITION' });
  });
});
