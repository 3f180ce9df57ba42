import { describe, expect, it } from 'vitest';
import { createScanActivity } from './scan-activity';

describe('scan activity', () => {
  it('keeps only the newest lines, oldest first, per tenant', () => {
    const activity = createScanActivity({ maxLines: 3, now: () => new Date(0) });
    const log = activity.listener('tenant-a');
    for (const n of [1, 2, 3, 4, 5]) log({ type: 'log', level: 'info', message: `line ${n}` });
    log({ type: 'progress', done: 1, failed: 0, total: 1, concurrency: 4 });

    expect(activity.snapshot('tenant-a').logs.map((line) => line.message)).toEqual([
      'line 3',
      'line 4',
      'line 5',
    ]);
    expect(activity.snapshot('tenant-b')).toEqual({ lastScan: null, logs: [] });
  });

  it('holds 300 lines by default (spec 1 §9)', () => {
    const activity = createScanActivity();
    const log = activity.listener('tenant');
    for (let n = 0; n < 450; n++) log({ type: 'log', level: 'warn', message: `${n}` });
    const { logs } = activity.snapshot('tenant');
    expect(logs).toHaveLength(300);
    expect(logs[0]?.message).toBe('150');
    expect(logs.at(-1)?.message).toBe('449');
  });

  it('closes each scan with a summary line after its own log lines', () => {
    const activity = createScanActivity({ now: () => new Date(0) });
    activity.listener('tenant')({ type: 'log', level: 'info', message: 'Scanning 1 wallet(s)' });
    activity.recordScan('tenant', {
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
    });
    const { logs, lastScan } = activity.snapshot('tenant');
    expect(logs.map((line) => [line.level, line.message])).toEqual([
      ['info', 'Scanning 1 wallet(s)'],
      ['warn', 'Scanned 1 wallet(s) in 12 ms: 1 failed, 0 token account(s) found, 2 rescan(s)'],
    ]);
    expect(lastScan).toMatchObject({ wallets: 1, failedAddresses: 1, rescans: 2, findings: 0 });
  });
});
