import { systemClock } from '@fleet/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createProviderAccount } from '../budget/provider-account';
import {
  fixtureText,
  json,
  startFakeProvider,
  type FakeProviderServer,
} from '../testing/fake-provider-server';
import { createGeckoTerminalClient } from './geckoterminal-client';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const POOL = '8sLdRqDhVBWHxUqq1LtFyhyJ8YjbFWRhqqpmGFzePMvh';
let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeProvider(() => 0);
});
afterEach(async () => {
  await server.close();
});

const client = () =>
  createGeckoTerminalClient(
    createProviderAccount({
      provider: 'geckoterminal',
      buckets: { default: { requests: 30, perMs: 60_000 } },
      fetch,
      clock: systemClock,
    }),
    { baseUrl: server.url },
  );

describe('GeckoTerminal', () => {
  it('reads a token with its figures as decimal strings and its top pools', async () => {
    server.route(/GET \/api\/v2\/networks\/solana\/tokens\/JUP\w+$/, () =>
      json(fixtureText(import.meta.url, 'token.json')),
    );
    const token = await client().token(JUP);
    expect(token.attributes).toMatchObject({
      symbol: 'JUP',
      decimals: 6,
      price_usd: 0.4821,
      market_cap_usd: 1505332110.03,
      total_reserve_in_usd: 21334109.7731,
    });
    expect(token.attributes.volume_usd?.h24).toBe(30210331.33);
    expect(token.relationships?.top_pools?.data[0]?.id).toBe(`solana_${POOL}`);
    expect(server.requests[0]?.headers.accept).toBe('application/json;version=20230302');
  });

  it('reads a token’s pools and one pool', async () => {
    server.route(/GET .*\/tokens\/JUP\w+\/pools$/, () =>
      json(fixtureText(import.meta.url, 'token-pools.json')),
    );
    server.route(/GET .*\/pools\/8sLd\w+$/, () => json(fixtureText(import.meta.url, 'pool.json')));
    const pools = await client().tokenPools(JUP);
    expect(pools.map((p) => p.attributes.name)).toEqual(['JUP / SOL', 'JUP / USDC']);
    const pool = await client().pool(POOL);
    expect(pool.attributes).toMatchObject({
      reserve_in_usd: 2210331.4012,
      pool_created_at: '2024-01-31T00:03:00Z',
    });
    expect(pool.attributes.price_change_percentage?.h24).toBe(-2.71);
    expect(pool.attributes.transactions?.h1).toMatchObject({ buys: 88, sells: 91 });
  });

  it('reads candles with the timeframe, aggregate, before_timestamp and limit it was asked for', async () => {
    server.route(/GET .*\/pools\/8sLd\w+\/ohlcv\/minute$/, () =>
      json(fixtureText(import.meta.url, 'ohlcv.json')),
    );
    const candles = await client().ohlcv(POOL, {
      timeframe: 'minute',
      aggregate: 15,
      beforeTimestamp: 1764230401,
      limit: 500,
    });
    expect(candles).toHaveLength(5);
    expect(candles[0]).toMatchObject({ time: 1764230400, open: 0.481 });
    const query = server.requests[0]?.query;
    expect([query?.get('aggregate'), query?.get('before_timestamp'), query?.get('limit')]).toEqual([
      '15',
      '1764230401',
      '500',
    ]);
  });

  it('reads a pool’s recent trades', async () => {
    server.route(/GET .*\/pools\/8sLd\w+\/trades$/, () =>
      json(fixtureText(import.meta.url, 'trades.json')),
    );
    const trades = await client().trades(POOL);
    expect(trades.map((t) => t.attributes.kind)).toEqual(['buy', 'sell']);
    expect(trades[0]?.attributes).toMatchObject({
      volume_in_usd: 184.27,
      price_to_in_usd: 0.48322,
    });
  });
});
