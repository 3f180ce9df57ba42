import { transactionHistoryPageSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../../testing/test-app';
import {
  addresses,
  writeOperation,
  type WrittenOperation,
} from '../../transaction-history/history-fixtures';

describe.each(testDatabaseKinds)('transaction history API on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let mine: WrittenOperation;
  let theirs: WrittenOperation;
  const [master = '', w1 = '', w2 = ''] = addresses(3);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'transactions@example.com');
    other = await createOperator(harness.app, 'transactions-other@example.com');
    // No endpoint sends yet without a chain: the test writes the ledger as the job would.
    mine = await writeOperation(harness.database.db, operator.tenantId, {
      kind: 'sol.distribute',
      items: [
        { from: master, to: w1, lamports: 1_500_000_000n },
        // A cell a spreadsheet would run as a formula stays text.
        { from: master, to: w2, lamports: 1n },
      ],
      transactions: [
        { items: [0], state: 'confirmed' },
        { items: [1], state: 'failed', failureReason: '=HYPERLINK("x"), "quoted"' },
      ],
      now: new Date('2026-11-28T02:00:00.000Z'),
    });
    theirs = await writeOperation(harness.database.db, other.tenantId, {
      kind: 'sol.aggregate',
      items: [{ from: w1, to: master, lamports: 5n }],
      transactions: [{ items: [0], state: 'sent' }],
      now: new Date('2026-11-28T03:00:00.000Z'),
    });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  const get = (url: string, as: Operator | null = operator) =>
    harness.app.inject({
      method: 'GET',
      url,
      ...(as ? { cookies: { fleet_session: as.cookie } } : {}),
    });

  it('answers the tenant’s transactions only, newest first, a page at a time', async () => {
    const response = await get('/api/transactions?filter=ops&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const first = transactionHistoryPageSchema.parse(response.json());
    expect(first.transactions).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const rest = transactionHistoryPageSchema.parse(
      (
        await get(
          `/api/transactions?limit=500&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
        )
      ).json(),
    );
    const listed = [...first.transactions, ...rest.transactions];
    expect(listed.map((record) => record.id).sort()).toEqual(
      mine.transactions.map((tx) => tx.id).sort(),
    );
    expect(rest.nextCursor).toBeNull();
    expect(listed.find((record) => record.status === 'confirmed')).toMatchObject({
      wallet: w1,
      amountSol: '1.5',
      txId: mine.transactions[0]?.signature,
    });

    const theirPage = transactionHistoryPageSchema.parse(
      (await get('/api/transactions', other)).json(),
    );
    expect(theirPage.transactions.map((record) => record.id)).toEqual([theirs.transactions[0]?.id]);
    // The wallet they share with this tenant shows each tenant its own transactions.
    const byWallet = transactionHistoryPageSchema.parse(
      (await get(`/api/transactions?wallet=${w1}`)).json(),
    );
    expect(byWallet.transactions.map((record) => record.id)).toEqual([mine.transactions[0]?.id]);
    // This tenant's cursor is not one another tenant can page from.
    const fromOther = await get(
      `/api/transactions?cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      other,
    );
    expect(fromOther.statusCode).toBe(400);
    expect(fromOther.json()).toMatchObject({ code: 'TRANSACTION_HISTORY__INVALID_CURSOR' });
  });

  it('exports the filtered history as CSV, with formula-like cells made text', async () => {
    const response = await get('/api/transactions.csv?filter=all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-transactions-\d{8}-\d{6}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'time_utc,kind,side,wallet,wallet_count,amount_sol,tokens,status,signature,error,operation_id,transaction_id',
    );
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe('');
    expect(response.body).toContain(
      `,${w1},1,1.5,,confirmed,${mine.transactions[0]?.signature ?? ''},`,
    );
    expect(response.body).toContain(
      `,error,${mine.transactions[1]?.signature ?? ''},"'=HYPERLINK(""x""), ""quoted""",`,
    );
    expect(response.body).not.toContain(theirs.transactions[0]?.id ?? 'none');
    const trades = await get('/api/transactions.csv?filter=trades');
    expect(trades.body.split('\r\n')).toHaveLength(2);
  });

  it('refuses a bad filter, limit, wallet or cursor with a 400 and a code, and 401 without a session', async () => {
    for (const url of [
      '/api/transactions?filter=buys',
      '/api/transactions?limit=0',
      '/api/transactions?limit=501',
      '/api/transactions?limit=ten',
      '/api/transactions?wallet=nope',
      '/api/transactions.csv?filter=buys',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'REQUEST__INVALID_INPUT' });
    }
    for (const cursor of [
      'garbage',
      'MjAyNi0xMS0yOFQwMjowMDowMC4wMDBafDAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMA',
    ]) {
      const response = await get(`/api/transactions?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid transaction history cursor',
        code: 'TRANSACTION_HISTORY__INVALID_CURSOR',
      });
    }
    expect((await get('/api/transactions', null)).statusCode).toBe(401);
    expect((await get('/api/transactions.csv', null)).statusCode).toBe(401);
  });
});
