import { describe, expect, it } from 'vitest';

import {
  FLEET_MINT,
  FLEET_POOL,
  NFT_MINT,
  NOW_MS,
  PUMP_MINT,
  PUMP_POOL,
  scenarioMarket,
} from '../../testing/market-scenario.js';
import { readSample, shapeDifferences } from '../../../testing/shape-differences.js';
import type { ProviderRequest } from '../data-provider-handler.js';
import { dexScreenerHandler } from './dexscreener-handler.js';
import type { DexScreenerPair } from './dexscreener-pair.js';

const market = scenarioMarket();

function get(path: string): { status: number; body: unknown } {
  const [pathname = '', search = ''] = path.split('?');
  const request: ProviderRequest = {
    method: 'GET',
    path: pathname,
    query: new URLSearchParams(search),
    headers: {},
    nowMs: NOW_MS,
  };
  const { status, body } = dexScreenerHandler(market, request);
  return { status, body };
}

const sample = (name: string): Promise<unknown> =>
  readSample(new URL(`./samples/${name}.json`, import.meta.url));

describe('DexScreener token pairs', () => {
  it('answers every pool of a mint in DexScreener’s pair shape', async () => {
    const { status, body } = get(`/token-pairs/v1/solana/${FLEET_MINT}`);
    expect(status).toBe(200);
    expect(shapeDifferences(await sample('token-pairs'), body)).toEqual([]);
    const [pair] = body as DexScreenerPair[];
    expect(pair).toMatchObject({
      chainId: 'solana',
      dexId: 'raydium',
      pairAddress: FLEET_POOL,
      url: `https://dexscreener.com/solana/${FLEET_POOL.toLowerCase()}`,
      baseToken: { address: FLEET_MINT, symbol: 'FLEET', name: 'Fleet' },
      quoteToken: { symbol: 'SOL' },
      priceNative: '0.0001',
      priceUsd: '0.015',
      txns: { m5: { buys: 1, sells: 0 }, h24: { buys: 3, sells: 1 } },
      volume: { m5: 225, h1: 295, h6: 595, h24: 745 },
      priceChange: { m5: 7.14, h1: 11.11, h6: 25, h24: 100 },
      liquidity: { usd: 30_000, base: 1_000_000, quote: 100 },
      fdv: 15_000_000,
      marketCap: 15_000_000,
      boosts: { active: 100 },
      info: { websites: [{ label: 'Website', url: 'https://fleet.example' }] },
    });
  });

  it('answers an empty list for a mint nobody trades and 400 for a malformed one', () => {
    expect(get(`/token-pairs/v1/solana/${NFT_MINT}`)).toEqual({ status: 200, body: [] });
    expect(get('/token-pairs/v1/solana/not-an-address').status).toBe(400);
  });
});

describe('DexScreener tokens', () => {
  it('answers the pairs of up to 30 mints in one call', () => {
    const { status, body } = get(`/tokens/v1/solana/${FLEET_MINT},${PUMP_MINT},${NFT_MINT}`);
    expect(status).toBe(200);
    expect((body as DexScreenerPair[]).map((pair) => pair.pairAddress)).toEqual([
      FLEET_POOL,
      PUMP_POOL,
    ]);
  });

  it('refuses more than 30 mints and malformed ones', () => {
    const many = Array.from({ length: 31 }, () => FLEET_MINT);
    expect(get(`/tokens/v1/solana/${many.join(',')}`).status).toBe(200);
    const distinct = Array.from({ length: 31 }, (_, i) => `${FLEET_MINT.slice(0, 40)}${1000 + i}`);
    expect(get(`/tokens/v1/solana/${distinct.join(',')}`).status).toBe(400);
    expect(get(`/tokens/v1/solana/${FLEET_MINT},0OIl`).status).toBe(400);
  });
});

describe('DexScreener search', () => {
  it('finds pairs by symbol, name, mint or pair address', () => {
    for (const q of ['fleet', 'PDOG', 'pump dog', FLEET_MINT, PUMP_POOL]) {
      const { status, body } = get(`/latest/dex/search?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      const { schemaVersion, pairs } = body as { schemaVersion: string; pairs: DexScreenerPair[] };
      expect(schemaVersion).toBe('1.0.0');
      expect(pairs.length).toBe(1);
    }
    expect(get('/latest/dex/search?q=zzz').body).toEqual({ schemaVersion: '1.0.0', pairs: [] });
  });

  it('requires a query', () => {
    expect(get('/latest/dex/search').status).toBe(400);
    expect(get('/latest/dex/search?q=%20').status).toBe(400);
  });
});

describe('DexScreener boosts and routing', () => {
  it('lists the top boosts in DexScreener’s shape', async () => {
    const { status, body } = get('/token-boosts/top/v1');
    expect(status).toBe(200);
    expect(shapeDifferences(await sample('token-boosts-top'), body)).toEqual([]);
    expect(body).toMatchObject([{ tokenAddress: FLEET_MINT, amount: 100, totalAmount: 500 }]);
  });

  it('answers 404 for unknown paths and 405 for other methods', () => {
    expect(get('/latest/dex/pairs').status).toBe(404);
    expect(get('/nothing').status).toBe(404);
    const post = dexScreenerHandler(market, {
      method: 'POST',
      path: '/token-boosts/top/v1',
      query: new URLSearchParams(),
      headers: {},
    });
    expect(post.status).toBe(405);
  });
});

describe('DexScreener pairs', () => {
  it('answers pairs by address, null when none is known', () => {
    const { status, body } = get(`/latest/dex/pairs/solana/${FLEET_POOL},${PUMP_POOL}`);
    expect(status).toBe(200);
    const { pairs } = body as { pairs: DexScreenerPair[] };
    expect(pairs.map((pair) => pair.pairAddress)).toEqual([FLEET_POOL, PUMP_POOL]);
    expect(get(`/latest/dex/pairs/solana/${NFT_MINT}`).body).toEqual({
      schemaVersion: '1.0.0',
      pairs: null,
    });
  });
});
