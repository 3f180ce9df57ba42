import { randomBytes, randomUUID } from 'node:crypto';
import { closeHistoryPageSchema, encodeBase58, type CloseHistoryPage } from '@fleet/core';
import { withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHistoryCursor } from '../master-wallet/history-cursor';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { recordTokenAccountCloses, type TokenAccountCloseRow } from './close-history-repository';

const T0 = new Date('2026-11-20T08:00:00.000Z');
const newAddress = () => encodeBase58(randomBytes(32));

describe.each(testDatabaseKinds)('close history API on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  const wallet = newAddress();
  const mint = newAddress();
  const otherMint = newAddress();
  let rows: TokenAccountCloseRow[];

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'closes@example.com');
    other = await createOperator(harness.app, 'closes-other@example.com');
    // Five closes a day apart, the newest first; the last one's fee is above its rent.
    rows = Array.from({ length: 5 }, (_, index) => ({
      operationId: null,
      walletId: null,
      walletAddress: index < 3 ? wallet : newAddress(),
      mint: index % 2 === 0 ? mint : otherMint,
      tokenAccount: newAddress(),
      program: 'token' as const,
      rentLamports: 2_039_280n,
      feeLamports: index === 4 ? 3_000_000n : 5_000n,
      burnedRaw: index === 1 ? 42n : null,
      signature: encodeBase58(randomBytes(64)),
      closedAt: new Date(T0.getTime() - index * 86_400_000),
    }));
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      recordTokenAccountCloses(tx, rows),
    );
    await withTenant(harness.database.db, other.tenantId, (tx) =>
      recordTokenAccountCloses(tx, [{ ...rows[0]!, tokenAccount: newAddress() }]),
    );
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
  const page = async (url: string, as: Operator = operator): Promise<CloseHistoryPage> => {
    const response = await get(url, as);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return closeHistoryPageSchema.parse(response.json());
  };

  it('answers the records newest first in the spec shape, with totals of the whole set', async () => {
    const answer = await page('/api/close-history');
    expect(answer.records.map((record) => record.token_account)).toEqual(
      rows.map((row) => row.tokenAccount),
    );
    expect(answer.records[1]).toEqual({
      id: expect.any(String) as string,
      closed_at: rows[1]?.closedAt.toISOString(),
      wallet_address: wallet,
      mint_address: otherMint,
      token_account: rows[1]?.tokenAccount,
      program: 'token',
      rent_lamports: '2039280',
      fee_lamports: '5000',
      profit_lamports: '2034280',
      burned_raw: '42',
      tx_signature: rows[1]?.signature,
    });
    // Profit never goes below 0 for one close, and the totals' profit is rent − fee of the set.
    expect(answer.records[4]?.profit_lamports).toBe('0');
    expect(answer.nextCursor).toBeNull();
    expect(answer.totals).toEqual({
      accounts: 5,
      rentLamports: String(5n * 2_039_280n),
      feeLamports: String(4n * 5_000n + 3_000_000n),
      profitLamports: String(5n * 2_039_280n - 4n * 5_000n - 3_000_000n),
    });
  });

  it('pages with a cursor while the totals stay those of the whole filtered set', async () => {
    const first = await page('/api/close-history?limit=2');
    expect(first.records).toHaveLength(2);
    expect(first.totals.accounts).toBe(5);
    const second = await page(`/api/close-history?limit=2&cursor=${first.nextCursor ?? ''}`);
    const third = await page(`/api/close-history?limit=2&cursor=${second.nextCursor ?? ''}`);
    expect(third.nextCursor).toBeNull();
    expect(
      [...first.records, ...second.records, ...third.records].map((r) => r.token_account),
    ).toEqual(rows.map((row) => row.tokenAccount));
  });

  it('filters by wallet, mint and dates', async () => {
    const byWallet = await page(`/api/close-history?wallet=${wallet}`);
    expect(byWallet.totals.accounts).toBe(3);
    const byMint = await page(`/api/close-history?mint=${mint}&wallet=${wallet}`);
    expect(byMint.records.map((r) => r.token_account)).toEqual([
      rows[0]?.tokenAccount,
      rows[2]?.tokenAccount,
    ]);
    const byDay = await page('/api/close-history?from=2026-11-18&to=2026-11-19');
    expect(byDay.records.map((r) => r.token_account)).toEqual([
      rows[1]?.tokenAccount,
      rows[2]?.tokenAccount,
    ]);
    const empty = await page('/api/close-history?wallet=&mint=&from=&to=');
    expect(empty.totals.accounts).toBe(5);
  });

  it("shows another tenant only its own close, and refuses this tenant's cursor to it", async () => {
    const theirs = await page('/api/close-history', other);
    expect(theirs.totals.accounts).toBe(1);
    expect(theirs.records.map((r) => r.token_account)).not.toContain(rows[0]?.tokenAccount);
    const mine = await page('/api/close-history?limit=1');
    const response = await get(`/api/close-history?cursor=${mine.nextCursor ?? ''}`, other);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid close history cursor',
      code: 'CLOSE_HISTORY__INVALID_CURSOR',
    });
    const csv = await get(`/api/close-history.csv?mint=${mint}`, other);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('needs a session', async () => {
    for (const url of ['/api/close-history', '/api/close-history.csv']) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it.each([
    ['a cursor that is not one', 'cursor=abc', 'CLOSE_HISTORY__INVALID_CURSOR'],
    [
      'a cursor naming no close',
      `cursor=${encodeHistoryCursor({ createdAt: T0, id: randomUUID() })}`,
      'CLOSE_HISTORY__INVALID_CURSOR',
    ],
    ['a limit of 0', 'limit=0', 'REQUEST__INVALID_INPUT'],
    ['a limit of 501', 'limit=501', 'REQUEST__INVALID_INPUT'],
    ['a limit that is no number', 'limit=ten', 'REQUEST__INVALID_INPUT'],
    ['a wallet that is no address', 'wallet=not-an-address', 'REQUEST__INVALID_INPUT'],
    ['a mint of 31 bytes', `mint=${encodeBase58(randomBytes(31))}`, 'REQUEST__INVALID_INPUT'],
    ['a date that is none', 'from=2026-02-30', 'REQUEST__INVALID_INPUT'],
    ['a year Postgres cannot store', 'to=%2B275760-09-13T00:00:00.000Z', 'REQUEST__INVALID_INPUT'],
    ['from after to', 'from=2026-11-20&to=2026-11-19', 'REQUEST__INVALID_INPUT'],
  ])('answers %s with a 400 and a code', async (_name, query, code) => {
    for (const path of ['/api/close-history', '/api/close-history.csv']) {
      if (path.endsWith('.csv') && /cursor|limit/.test(query)) continue;
      const response = await get(`${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.json<{ code: string }>().code).toBe(code);
    }
  });

  it('downloads the filtered history as CSV with SOL to 9 decimals and lamports', async () => {
    const response = await get(`/api/close-history.csv?wallet=${wallet}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-close-history-\d{8}-\d{6}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'closed_at_utc,wallet,mint,token_account,program,rent_sol,fee_sol,profit_sol,rent_lamports,fee_lamports,profit_lamports,burned_raw,tx_signature',
    );
    expect(lines[2]).toBe(
      [
        rows[1]?.closedAt.toISOString(),
        wallet,
        otherMint,
        rows[1]?.tokenAccount,
        'token',
        '0.002039280',
        '0.000005000',
        '0.002034280',
        '2039280',
        '5000',
        '2034280',
        '42',
        rows[1]?.signature,
      ].join(','),
    );
    expect(lines).toHaveLength(5); // header, three closes, the final line ending
    expect(lines[4]).toBe('');
  });
});
