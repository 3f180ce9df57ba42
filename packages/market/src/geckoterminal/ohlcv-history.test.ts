import { systemClock } from '@fleet/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createProviderAccount } from '../budget/provider-account';
import { json, startFakeProvider, type FakeProviderServer } from '../testing/fake-provider-server';
import { createGeckoTerminalClient } from './geckoterminal-client';
import { ohlcvHistory } from './ohlcv-history';

const POOL = '8sLdRqDhVBWHxUqq1LtFyhyJ8YjbFWRhqqpmGFzePMvh';
const NOW = 1_764_230_400;
let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeProvider(() => 0);
});
afterEach(async () => {
  await server.close();
});

describe('candle history for the chart', () => {
  it('pages back with before_timestamp, 15-minute candles, until the lookback', async () => {
    // The pool answers 4 rows a page, newest first, 15 minutes apart, before the given time.
    server.route(/GET .*\/ohlcv\/minute$/, (r) => {
      const before = Number(r.query.get('before_timestamp') ?? NOW + 1);
      const rows = Array.from({ length: 4 }, (_, i) => {
        const t = before - 900 * (i + 1);
        return [t, 1, 1.1, 0.9, 1.05, 100];
      });
      return json({
        data: { id: 'x', type: 'ohlcv_request_response', attributes: { ohlcv_list: rows } },
      });
    });
    const gecko = createGeckoTerminalClient(
      createProviderAccount({
        provider: 'geckoterminal',
        buckets: { default: { requests: 30, perMs: 60_000 } },
        fetch,
        clock: systemClock,
      }),
      { baseUrl: server.url },
    );
    const candles = await ohlcvHistory(gecko, POOL, {
      nowSeconds: NOW,
      rowsPerPage: 4,
      lookbackSeconds: 10 * 900,
    });
    expect(server.requests.map((r) => [r.query.get('aggregate'), r.query.get('limit')])).toEqual([
      ['15', '4'],
      ['15', '4'],
      ['15', '4'],
    ]);
    expect(server.requests[1]?.query.get('before_timestamp')).toBe(String(NOW + 1 - 4 * 900));
    // 12 rows fetched; the two older than 10 × 15 minutes are dropped; oldest first.
    expect(candles.map((c) => c.time)).toEqual(candles.map((c) => c.time).sort((a, b) => a - b));
    expect(candles.every((c) => c.time >= NOW - 10 * 900)).toBe(true);
    expect(candles).toHaveLength(10);
  });
});
