import {
  EXPIRED_TRANSACTION_ERROR,
  isFleetError,
  transactionHistoryPageSchema,
  type TransactionHistoryQuery,
  type TransactionRecord,
} from '@fleet/core';
import { schema } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../http/actor';
import { encodeHistoryCursor } from '../master-wallet/history-cursor';
import { addresses, writeOperation, type WrittenOperation } from './history-fixtures';
import {
  createTransactionHistoryService,
  type TransactionHistoryService,
} from './transaction-history-service';

const T0 = new Date('2026-11-28T01:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1_000);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isFleetError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe.each(testDatabaseKinds)('the transaction history on %s', (kind) => {
  let database: TestDatabase;
  let history: TransactionHistoryService;
  let actors: Actor[];
  const [master = '', w1 = '', w2 = '', w3 = '', w4 = ''] = addresses(5);
  let distribution: WrittenOperation;
  let withdrawal: WrittenOperation;
  let tableSetup: WrittenOperation;
  let foreign: WrittenOperation;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Batches of 2, so reading the whole history crosses batches.
    history = createTransactionHistoryService({ db: database.db, batchSize: 2 });
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}])
      .returning({ id: schema.tenants.id });
    actors = rows.map((row, index) => ({
      tenantId: row.id,
      user: { id: '', email: `history-${index}@example.com`, role: 'operator' as const },
    }));
    const mine = actors[0]?.tenantId ?? '';
    distribution = await writeOperation(database.db, mine, {
      kind: 'sol.distribute',
      items: [
        { from: master, to: w1, lamports: 1_000_000_000n },
        { from: master, to: w2, lamports: 2_000_000_001n },
        { from: master, to: w3, lamports: 500n },
      ],
      transactions: [
        { items: [0, 1], state: 'confirmed' },
        { items: [2], state: 'failed', failureReason: 'InsufficientFundsForRent' },
      ],
      now: at(0),
    });
    withdrawal = await writeOperation(database.db, mine, {
      kind: 'sol.aggregate',
      items: [
        { from: w1, to: master, lamports: 7n },
        { from: w4, to: master, lamports: 9_007_199_254_740_993n },
      ],
      transactions: [
        { items: [0], state: 'sent' },
        { items: [1], state: 'expired' },
        // Never signed: not listed.
        { items: [1], state: 'planned' },
      ],
      now: at(1),
    });
    tableSetup = await writeOperation(database.db, mine, {
      kind: 'sol.distribute',
      items: [{ from: master, to: w2, lamports: 1n }],
      transactions: [
        { items: [], state: 'confirmed', setupStep: 0 },
        { items: [0], state: 'planned' },
      ],
      now: at(2),
    });
    foreign = await writeOperation(database.db, actors[1]?.tenantId ?? '', {
      kind: 'sol.distribute',
      items: [{ from: master, to: w1, lamports: 3n }],
      transactions: [{ items: [0], state: 'confirmed' }],
      now: at(3),
    });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const me = () => actors[0] as Actor;
  const query = (overrides: Partial<TransactionHistoryQuery> = {}): TransactionHistoryQuery => ({
    filter: 'all',
    limit: 100,
    ...overrides,
  });
  const ids = (records: readonly TransactionRecord[]) => records.map((record) => record.id);
  const idOf = (operation: WrittenOperation, index: number) =>
    operation.transactions[index]?.id ?? '';
  /** Newest first; rows of one time by id, descending (uuid order is its hex text's). */
  const newestFirst = () =>
    [
      [at(2), [idOf(tableSetup, 0)]],
      [at(1), [idOf(withdrawal, 0), idOf(withdrawal, 1)].sort().reverse()],
      [at(0), [idOf(distribution, 0), idOf(distribution, 1)].sort().reverse()],
    ].flatMap(([, group]) => group as string[]);

  it('lists every transaction the fleet sent, newest first, without the planned ones', async () => {
    const page = await history.page(me(), query());
    expect(transactionHistoryPageSchema.parse(page)).toEqual(page);
    expect(ids(page.transactions)).toEqual(newestFirst());
    expect(page.nextCursor).toBeNull();
  });

  it('answers each transaction as spec 2 §3’s record', async () => {
    const { transactions } = await history.page(me(), query());
    const byId = new Map(transactions.map((record) => [record.id, record]));
    expect(byId.get(idOf(distribution, 0))).toEqual({
      id: idOf(distribution, 0),
      operationId: distribution.operationId,
      kind: 'sol.distribute',
      side: 'distribute',
      wallet: w1,
      walletCount: 2,
      amountSol: '3.000000001',
      tokens: null,
      txId: distribution.transactions[0]?.signature,
      timestamp: at(0).toISOString(),
      status: 'confirmed',
      error: null,
    });
    expect(byId.get(idOf(distribution, 1))).toMatchObject({
      wallet: w3,
      walletCount: 1,
      amountSol: '0.0000005',
      status: 'error',
      error: 'InsufficientFundsForRent',
    });
    expect(byId.get(idOf(withdrawal, 0))).toMatchObject({
      side: 'withdraw',
      wallet: w1,
      amountSol: '0.000000007',
      status: 'loading',
      error: null,
    });
    expect(byId.get(idOf(withdrawal, 1))).toMatchObject({
      wallet: w4,
      amountSol: '9007199.254740993',
      status: 'error',
      error: EXPIRED_TRANSACTION_ERROR,
    });
    expect(byId.get(idOf(tableSetup, 0))).toMatchObject({
      side: 'lookupTable',
      wallet: null,
      walletCount: 0,
      amountSol: '0',
      status: 'confirmed',
    });
  });

  it('pages with a cursor without skipping or repeating rows of the same time', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await history.page(me(), query({ limit: 2, ...(cursor ? { cursor } : {}) }));
      seen.push(...ids(page.transactions));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(newestFirst());
  });

  it('splits trades from ops: every SOL operation is an op, and no trade exists yet', async () => {
    expect(ids((await history.page(me(), query({ filter: 'ops' }))).transactions)).toEqual(
      newestFirst(),
    );
    expect((await history.page(me(), query({ filter: 'trades' }))).transactions).toEqual([]);
  });

  it('keeps the transactions moving SOL from or to a wallet, of this tenant only', async () => {
    const ofW1 = await history.page(
      me(),
      query({ wallet: w1 as TransactionHistoryQuery['wallet'] }),
    );
    expect(ids(ofW1.transactions)).toEqual([idOf(withdrawal, 0), idOf(distribution, 0)]);
    const ofMaster = await history.page(
      me(),
      query({ wallet: master as TransactionHistoryQuery['wallet'] }),
    );
    expect(ofMaster.transactions).toHaveLength(4);
    const theirs = await history.page(actors[1] as Actor, query());
    expect(ids(theirs.transactions)).toEqual([idOf(foreign, 0)]);
  });

  it('refuses a cursor it did not hand out, another tenant’s, or a planned row’s', async () => {
    expect(await codeOf(history.page(me(), query({ cursor: 'garbage' })))).toBe(
      'TRANSACTION_HISTORY__INVALID_CURSOR',
    );
    const cursorOf = (id: string) => encodeHistoryCursor({ createdAt: at(0), id });
    expect(await codeOf(history.page(me(), query({ cursor: cursorOf(idOf(foreign, 0)) })))).toBe(
      'TRANSACTION_HISTORY__INVALID_CURSOR',
    );
    expect(await codeOf(history.page(me(), query({ cursor: cursorOf(idOf(withdrawal, 2)) })))).toBe(
      'TRANSACTION_HISTORY__INVALID_CURSOR',
    );
  });

  it('reads the whole filtered history a batch at a time for the export', async () => {
    const all: TransactionRecord[] = [];
    for await (const record of history.records(me(), { filter: 'all' })) all.push(record);
    expect(ids(all)).toEqual(newestFirst());
    const trades: TransactionRecord[] = [];
    for await (const record of history.records(me(), { filter: 'trades' })) trades.push(record);
    expect(trades).toEqual([]);
  });
});
