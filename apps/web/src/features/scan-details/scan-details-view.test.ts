import { describe, expect, it } from 'vitest';
import { scanDetailsSchema, type ScanLogLine } from './scan-details-api';
import {
  backgroundRefreshLine,
  endpointRows,
  formatInterval,
  formatDuration,
  formatLatency,
  formatLogLine,
  lastScanSummary,
  liveBalancesSummary,
  providerRows,
  rpcMethodRows,
  visibleLogLines,
} from './scan-details-view';

const line = (n: number): ScanLogLine => ({
  at: '2026-11-22T04:05:06.789Z',
  level: 'info',
  message: `line ${n}`,
});

describe('scan details view', () => {
  it('lists RPC methods most-called first, ties by name', () => {
    expect(
      rpcMethodRows({ getTokenAccountsByOwner: 4, getMultipleAccounts: 9, getAssetBatch: 4 }),
    ).toEqual([
      { method: 'getMultipleAccounts', count: 9 },
      { method: 'getAssetBatch', count: 4 },
      { method: 'getTokenAccountsByOwner', count: 4 },
    ]);
    expect(rpcMethodRows({})).toEqual([]);
  });

  it('formats each endpoint row with its hits, errors, 429s, latency and health', () => {
    const rows = endpointRows([
      {
        label: 'rpc-1',
        hits: 12_345,
        errors: 2,
        rateLimited: 7,
        timeouts: 0,
        latencyMs: 52.4,
        lastError: 'HTTP 500',
        health: 'degraded',
        coolingDownMs: 0,
        pacedRps: 50,
      },
    ]);
    expect(rows).toEqual([
      {
        label: 'rpc-1',
        hits: '12,345',
        errors: '2',
        rateLimited: '7',
        latency: '52 ms',
        health: 'degraded',
        lastError: 'HTTP 500',
      },
    ]);
  });

  it('summarises the last scan, or shows dashes before any scan', () => {
    expect(lastScanSummary(null).every((item) => item.value === '—')).toBe(true);
    const summary = lastScanSummary({
      finishedAt: '2026-11-22T04:05:06.789Z',
      wallets: 1_000,
      durationMs: 4_250,
      throughputWalletsPerMin: 14_117.647,
      objectsScanned: 2_500,
      rescans: 3,
      failedAddresses: 0,
      findings: 1_500,
      tokensFound: 12,
    });
    expect(Object.fromEntries(summary.map((item) => [item.label, item.value]))).toEqual({
      Throughput: '14,117.6 wallets/min',
      Duration: '4.3 s',
      Wallets: '1,000',
      'Objects scanned': '2,500',
      Rescans: '3',
      Findings: '1,500',
      Failed: '0',
    });
  });

  it('keeps the newest 300 log lines with the newest last', () => {
    const logs = Array.from({ length: 320 }, (_, n) => line(n));
    const visible = visibleLogLines(logs);
    expect(visible).toHaveLength(300);
    expect(visible[0]?.message).toBe('line 20');
    expect(visible.at(-1)?.message).toBe('line 319');
    expect(visibleLogLines([line(1)])).toHaveLength(1);
  });

  it('formats a log line with its UTC time and level', () => {
    expect(formatLogLine({ ...line(1), level: 'warn' })).toBe('04:05:06 WARN  line 1');
  });

  it('formats latency and durations', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(3.14)).toBe('3.1 ms');
    expect(formatDuration(420)).toBe('420 ms');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });

  it('accepts a reply in the server shape and refuses one without the pool', () => {
    const reply = {
      pool: {
        endpoints: ['rpc-1'],
        endpointHits: { 'rpc-1': 3 },
        endpointErrors: { 'rpc-1': 0 },
        endpoint429s: { 'rpc-1': 0 },
        rpcMethods: { getMultipleAccounts: 3 },
        calls: 3,
        failedCalls: 0,
        details: [],
      },
      lastScan: null,
      logs: [line(1)],
    };
    expect(scanDetailsSchema.parse(reply).pool.calls).toBe(3);
    expect(scanDetailsSchema.safeParse({ lastScan: null, logs: [] }).success).toBe(false);
  });

  it('lists the market providers beside the endpoints: calls, cache hits, 429s, errors', () => {
    const reply = scanDetailsSchema.parse({
      pool: {
        endpoints: [],
        endpointHits: {},
        endpointErrors: {},
        endpoint429s: {},
        rpcMethods: {},
        calls: 0,
        failedCalls: 0,
        details: [],
      },
      lastScan: null,
      logs: [],
      providers: [
        {
          provider: 'jupiter',
          calls: 1_204,
          cacheHits: 5_310,
          rateLimited: 3,
          errors: 1,
          timeouts: 0,
          lastError: 'HTTP 429',
          lastErrorAt: '2026-11-27T12:00:00.000Z',
          coolingDownMs: 2_500,
        },
        {
          provider: 'dexscreener',
          calls: 0,
          cacheHits: 0,
          rateLimited: 0,
          errors: 0,
          timeouts: 0,
          lastError: null,
          lastErrorAt: null,
          coolingDownMs: 0,
        },
      ],
    });
    expect(providerRows(reply.providers)).toEqual([
      {
        provider: 'jupiter',
        calls: '1,204',
        cacheHits: '5,310',
        rateLimited: '3',
        errors: '1',
        timeouts: '0',
        state: 'cooling 2.5 s',
        lastError: 'HTTP 429 (2026-11-27T12:00:00.000Z)',
      },
      {
        provider: 'dexscreener',
        calls: '0',
        cacheHits: '0',
        rateLimited: '0',
        errors: '0',
        timeouts: '0',
        state: 'ready',
        lastError: null,
      },
    ]);
  });

  it('shows no provider rows for a server from before the market', () => {
    expect(providerRows(undefined)).toEqual([]);
  });

  describe('the background refresh line', () => {
    const round = {
      startedAt: '2026-12-02T14:04:58.000Z',
      finishedAt: '2026-12-02T14:05:03.000Z',
      wallets: 50_000,
      tokenAccounts: 75_500,
      rpcCalls: 1_255,
      callsPerWallet: 1_255 / 50_000,
      durationMs: 5_000,
      failed: 0,
      keptNewer: 0,
    };
    const status = {
      state: 'active' as const,
      reason: null,
      intervalMs: 300_000,
      rounds: 3,
      lastRound: round,
      nextRoundAt: '2026-12-02T14:10:03.000Z',
    };

    it('says the interval, the last round’s time of day and its cost per wallet', () => {
      expect(backgroundRefreshLine(status)).toBe(
        'Background refresh: every 5 min, last round 14:05, 50,000 wallets, 1,255 RPC calls (0.0251 per wallet)',
      );
      expect(backgroundRefreshLine({ ...status, lastRound: { ...round, failed: 12 } })).toBe(
        'Background refresh: every 5 min, last round 14:05, 50,000 wallets, 1,255 RPC calls (0.0251 per wallet), 12 failed',
      );
      expect(backgroundRefreshLine({ ...status, lastRound: null })).toBe(
        'Background refresh: every 5 min, no round yet',
      );
    });

    it('says why it is paused or off, and nothing for a server from before it', () => {
      expect(
        backgroundRefreshLine({
          ...status,
          state: 'paused',
          reason: 'No one has been signed in for an hour',
        }),
      ).toBe(
        'Background refresh: every 5 min, last round 14:05, 50,000 wallets, 1,255 RPC calls (0.0251 per wallet). Paused: No one has been signed in for an hour',
      );
      expect(
        backgroundRefreshLine({
          ...status,
          state: 'disabled',
          reason: 'Turned off (FLEET_BACKGROUND_REFRESH_MS=0)',
          intervalMs: 0,
        }),
      ).toBe('Background refresh: off. Turned off (FLEET_BACKGROUND_REFRESH_MS=0)');
      expect(backgroundRefreshLine(undefined)).toBeNull();
    });

    it('names intervals in hours, minutes or seconds', () => {
      expect(formatInterval(300_000)).toBe('5 min');
      expect(formatInterval(3_600_000)).toBe('1 h');
      expect(formatInterval(90_000)).toBe('90 s');
    });
  });

  it('sums up the live balances when the server runs them, and nothing otherwise', () => {
    expect(liveBalancesSummary(undefined)).toEqual([]);
    expect(liveBalancesSummary(null)).toEqual([]);
    const state = {
      connected: true,
      watched: 1_200,
      subscribed: 1_000,
      notifications: 4,
      lastNotificationAt: '2026-12-02T15:04:05.678Z',
      reconnects: 2,
    };
    expect(Object.fromEntries(liveBalancesSummary(state).map((i) => [i.label, i.value]))).toEqual({
      'Live balances': 'Connected',
      Watched: '1,000 of 1,200',
      'Last change (UTC)': '15:04:05',
      Reconnects: '2',
    });
    expect(
      liveBalancesSummary({ ...state, connected: false, lastNotificationAt: null }).map(
        (i) => i.value,
      ),
    ).toEqual(['Reconnecting', '1,000 of 1,200', '—', '2']);
  });
});
