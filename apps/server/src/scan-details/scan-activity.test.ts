import type { ScanReport } from '@fleet/chain';
import { schema } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanActivity } from './scan-activity';

function failedScanOfOneWallet(): ScanReport {
  return {
    results: [
      { owner: 'wallet', ok: false, error: { code: 'SCAN__WALLET_FAILED', message: 'timeout' } },
    ],
    tokens: [],
    holdersByMint: {},
    failedAddresses: ['wallet'],
    error: 'Scan failed for 1 wallet(s): wallet',
    stats: {
      endpoints: ['rpc'],
      endpointHits: {},
      endpointErrors: {},
      endpoint429s: {},
      durationMs: 12.4,
      throughputWalletsPerMin: 0,
      failedAddresses: ['wallet'],
      rpcMethods: {},
      rpcCalls: 0,
      objectsScanned: 0,
      rescans: 2,
      tokenAccountsFound: 0,
      concurrency: { start: 5, end: 5, peak: 5 },
    },
  };
}

describe.each(testDatabaseKinds)('scan activity on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}, {}, {}])
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  const tenant = (index: number) => tenants[index] ?? '';

  it('keeps only the newest lines, oldest first, per tenant', async () => {
    const activity = createScanActivity({ db: database.db, maxLines: 3, now: () => new Date(0) });
    const log = activity.listener(tenant(0));
    for (const n of [1, 2, 3, 4, 5]) log({ type: 'log', level: 'info', message: `line ${n}` });
    log({ type: 'progress', done: 1, failed: 0, total: 1, concurrency: 4 });
    await activity.recordScan(tenant(0), failedScanOfOneWallet());

    expect((await activity.snapshot(tenant(0))).logs.map((line) => line.message)).toEqual([
      'line 4',
      'line 5',
      'Scanned 1 wallet(s) in 12 ms: 1 failed, 0 token account(s) found, 2 rescan(s)',
    ]);
    expect(await activity.snapshot(tenant(1))).toEqual({ lastScan: null, logs: [] });
  });

  it('holds 300 lines by default (spec 1 §9), in the table too', async () => {
    const activity = createScanActivity({ db: database.db });
    const log = activity.listener(tenant(2));
    for (let n = 0; n < 450; n++) log({ type: 'log', level: 'warn', message: `${n}` });
    await activity.recordScan(tenant(2), failedScanOfOneWallet());
    const { logs } = await activity.snapshot(tenant(2));
    expect(logs).toHaveLength(300);
    expect(logs[0]?.message).toBe('151');
    expect(logs.at(-2)?.message).toBe('449');
    const stored = await database.db.execute<{ count: number }>(
      // Outside withTenant row security hides every row; the superuser test login reads them all.
      `select count(*)::int as count from scan_log_lines where tenant_id = '${tenant(2)}'`,
    );
    expect(stored.rows[0]?.count).toBe(300);
  });

  it('closes each scan with a summary line after its own log lines', async () => {
    const activity = createScanActivity({ db: database.db, now: () => new Date(0) });
    activity.listener(tenant(3))({ type: 'log', level: 'info', message: 'Scanning 1 wallet(s)' });
    await activity.recordScan(tenant(3), failedScanOfOneWallet());
    const { logs, lastScan } = await activity.snapshot(tenant(3));
    expect(logs.map((line) => [line.at, line.level, line.message])).toEqual([
      ['1970-01-01T00:00:00.000Z', 'info', 'Scanning 1 wallet(s)'],
      [
        '1970-01-01T00:00:00.000Z',
        'warn',
        'Scanned 1 wallet(s) in 12 ms: 1 failed, 0 token account(s) found, 2 rescan(s)',
      ],
    ]);
    expect(lastScan).toEqual({
      finishedAt: '1970-01-01T00:00:00.000Z',
      wallets: 1,
      durationMs: 12.4,
      throughputWalletsPerMin: 0,
      objectsScanned: 0,
      rescans: 2,
      failedAddresses: 1,
      findings: 0,
      tokensFound: 0,
    });
  });
});
