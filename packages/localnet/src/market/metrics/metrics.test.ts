import { describe, expect, it } from 'vitest';

import {
  FLEET_MINT,
  FLEET_POOL,
  NOW_MS,
  PUMP_POOL,
  scenarioMarket,
  trade,
} from '../testing/market-scenario.js';
import { FixedMarket } from '../testing/fixed-market.js';
import { buildCandles, poolCandles } from './candles.js';
import { poolMetrics, tokenMetrics } from './pool-metrics.js';
import { tradesBetween } from './trade-window.js';

const HOUR_S = 3_600;
const NOW_S = NOW_MS / 1000;

describe('pool metrics', () => {
  const metrics = poolMetrics(scenarioMarket(), FLEET_POOL, NOW_MS);

  it('prices a token from its reserves and SOL/USD', () => {
    expect(metrics?.priceSol).toBeCloseTo(0.0001, 12);
    expect(metrics?.priceUsd).toBeCloseTo(0.015, 12);
  });

  it('counts liquidity as twice the SOL side and values the supply at the price', () => {
    expect(metrics?.liquidityUsd).toBeCloseTo(30_000, 6);
    expect(metrics?.liquidityBase).toBe(1_000_000);
    expect(metrics?.liquidityQuote).toBe(100);
    expect(metrics?.fdvUsd).toBeCloseTo(15_000_000, 3);
    expect(metrics?.marketCapUsd).toBeCloseTo(15_000_000, 3);
  });

  it('sums volumes at each trade’s own SOL/USD and counts buys, sells and traders per window', () => {
    const w = metrics?.windows;
    expect(w?.h24).toMatchObject({ buys: 3, sells: 1, buyers: 2, sellers: 1 });
    expect(w?.h24.volumeUsd).toBeCloseTo(745, 9);
    expect(w?.h24.volumeSol).toBeCloseTo(5, 9);
    expect(w?.h6).toMatchObject({ buys: 2, sells: 1 });
    expect(w?.h6.volumeUsd).toBeCloseTo(595, 9);
    expect(w?.h1).toMatchObject({ buys: 2, sells: 0 });
    expect(w?.h1.volumeUsd).toBeCloseTo(295, 9);
    expect(w?.m5).toMatchObject({ buys: 1, sells: 0, buyers: 1 });
    expect(w?.m5.volumeUsd).toBeCloseTo(225, 9);
  });

  it('measures each change from the last trade before the window opened', () => {
    expect(metrics?.windows.h24.priceChangePct).toBe(100);
    expect(metrics?.windows.h6.priceChangePct).toBe(25);
    expect(metrics?.windows.h1.priceChangePct).toBe(11.11);
    expect(metrics?.windows.m5.priceChangePct).toBe(7.14);
  });

  it('reports no change and no volume for a pool without trades, and nothing for unknown pools', () => {
    const quiet = poolMetrics(scenarioMarket(), PUMP_POOL, NOW_MS);
    expect(quiet?.windows.h24).toMatchObject({ volumeUsd: 0, buys: 0, priceChangePct: 0 });
    expect(poolMetrics(scenarioMarket(), 'nope', NOW_MS)).toBeUndefined();
    expect(tokenMetrics(scenarioMarket(), FLEET_MINT, NOW_MS)?.pool.address).toBe(FLEET_POOL);
  });
});

describe('trade window', () => {
  it('pages through more trades than one page holds, without losing same-millisecond trades', () => {
    const market = scenarioMarket();
    const many = Array.from({ length: 2_500 }, (_, i) =>
      trade(`bulk-${i}`, {
        side: i % 2 === 0 ? 'buy' : 'sell',
        lamports: 1_000_000n,
        priceSol: 0.0001,
        // Groups of 7 trades share a millisecond, so page boundaries fall inside groups.
        timestampMs: NOW_MS - 60_000 + Math.floor(i / 7),
      }),
    );
    for (const t of many) market.pushTrade(t);
    const got = tradesBetween(market, FLEET_POOL, NOW_MS - 60_000, NOW_MS);
    expect(got).toHaveLength(2_500);
    expect(new Set(got.map((t) => t.signature)).size).toBe(2_500);
  });

  it('reads every trade from a view that caps its pages below the requested limit', () => {
    const market = scenarioMarket();
    const capped = Object.assign(Object.create(market) as FixedMarket, {
      trades: (pool: string, options: { limit?: number; beforeMs?: number } = {}) =>
        market.trades(pool, { ...options, limit: Math.min(options.limit ?? 2, 2) }),
    });
    expect(tradesBetween(capped, FLEET_POOL, NOW_MS - 30 * 3_600_000, NOW_MS)).toHaveLength(5);
  });
});

describe('candles', () => {
  const market = scenarioMarket();
  const query = { limit: 100, currency: 'usd', side: 'base' } as const;

  it('buckets trades by minute aggregates, newest first, reaching back past quiet hours', () => {
    const rows = poolCandles(
      market,
      FLEET_POOL,
      6,
      { ...query, timeframe: 'minute', aggregate: 5 },
      NOW_MS,
    );
    expect(rows.map((row) => row[0])).toEqual([
      NOW_S - 5 * 60,
      NOW_S - 30 * 60,
      NOW_S - 5 * HOUR_S,
      NOW_S - 23 * HOUR_S,
      NOW_S - 25 * HOUR_S,
    ]);
  });

  it('opens, highs, lows and closes on the trades in each hour, with the USD volume', () => {
    const rows = poolCandles(
      market,
      FLEET_POOL,
      6,
      { ...query, timeframe: 'hour', aggregate: 1 },
      NOW_MS,
    );
    expect(rows).toHaveLength(4);
    const [time, open, high, low, close, volume] = rows[0] ?? [];
    expect(time).toBe(NOW_S - HOUR_S);
    expect(open).toBeCloseTo(0.014, 12);
    expect(high).toBeCloseTo(0.015, 12);
    expect(low).toBeCloseTo(0.014, 12);
    expect(close).toBeCloseTo(0.015, 12);
    expect(volume).toBeCloseTo(295, 9);
  });

  it('aggregates a day into one candle and honours before_timestamp and limit', () => {
    const days = poolCandles(
      market,
      FLEET_POOL,
      6,
      { ...query, timeframe: 'day', aggregate: 1 },
      NOW_MS,
    );
    expect(days).toHaveLength(2);
    expect(days[0]?.[5]).toBeCloseTo(595, 9);
    expect(days[1]?.[1]).toBeCloseTo(0.0075, 12);
    expect(days[1]?.[4]).toBeCloseTo(0.012, 12);
    const older = poolCandles(
      market,
      FLEET_POOL,
      6,
      { ...query, timeframe: 'hour', aggregate: 1, beforeTimestampSec: NOW_S - HOUR_S, limit: 2 },
      NOW_MS,
    );
    expect(older.map((row) => row[0])).toEqual([NOW_S - 5 * HOUR_S, NOW_S - 23 * HOUR_S]);
  });

  it('prices in SOL with currency=token and inverts the chart with token=quote', () => {
    const sol = buildCandles(market.trades(FLEET_POOL), 6, {
      ...query,
      currency: 'token',
      timeframe: 'day',
      aggregate: 1,
    });
    expect(sol[0]?.[4]).toBeCloseTo(0.0001, 12);
    expect(sol[0]?.[5]).toBeCloseTo(4, 9);
    const inverted = buildCandles(market.trades(FLEET_POOL), 6, {
      ...query,
      side: 'quote',
      timeframe: 'day',
      aggregate: 1,
    });
    expect(inverted[0]?.[4]).toBe(150);
  });

  it('returns no candles for a pool without trades', () => {
    const empty = new FixedMarket({ ...emptyData() });
    expect(
      poolCandles(empty, FLEET_POOL, 6, { ...query, timeframe: 'minute', aggregate: 1 }, NOW_MS),
    ).toEqual([]);
  });
});

function emptyData(): ConstructorParameters<typeof FixedMarket>[0] {
  return {
    baseUrl: 'http://127.0.0.1:1',
    solUsd: { price: 1, updatedAtMs: 0 },
    tokens: [],
    compressedNfts: [],
    pools: [],
    reserves: {},
    trades: [],
    boosts: [],
  };
}
