// OHLCV candles from landed trades, in GeckoTerminal's terms: a timeframe (minute, hour, day)
// times an aggregate (1/5/15, 1/4/12, 1), rows [unix seconds, open, high, low, close, volume]
// newest first, only for buckets that saw a trade (GeckoTerminal does not zero-fill gaps).
// Reference: GeckoTerminal API v2, GET /networks/{network}/pools/{pool}/ohlcv/{timeframe}
// (https://api.geckoterminal.com/docs/index.html).

import type { MarketView, SandboxTrade } from '../market-model.js';
import { lamportsToSol, rawToWhole, tradeVolumeUsd } from './pool-metrics.js';
import { walkTradesBackwards } from './trade-window.js';

export type Timeframe = 'minute' | 'hour' | 'day';

export const AGGREGATES: Readonly<Record<Timeframe, readonly number[]>> = Object.freeze({
  minute: [1, 5, 15],
  hour: [1, 4, 12],
  day: [1],
});

const TIMEFRAME_SECONDS: Readonly<Record<Timeframe, number>> = {
  minute: 60,
  hour: 3_600,
  day: 86_400,
};

export const MAX_CANDLES = 1_000;
export const DEFAULT_CANDLES = 100;

export interface CandleQuery {
  readonly timeframe: Timeframe;
  readonly aggregate: number;
  /** Only buckets that start strictly before this (unix seconds); "now" when absent. */
  readonly beforeTimestampSec?: number;
  readonly limit: number;
  /** 'usd': prices and volume in USD; 'token': in the other side of the pair. */
  readonly currency: 'usd' | 'token';
  /** 'base': the token's price; 'quote': the chart inverted (SOL priced in the token). */
  readonly side: 'base' | 'quote';
}

/** [time (s), open, high, low, close, volume] */
export type Candle = readonly [number, number, number, number, number, number];

export function bucketSeconds(timeframe: Timeframe, aggregate: number): number {
  return TIMEFRAME_SECONDS[timeframe] * aggregate;
}

function priceOf(trade: SandboxTrade, query: CandleQuery): number {
  if (query.side === 'base') {
    return query.currency === 'usd' ? trade.priceSol * trade.solUsd : trade.priceSol;
  }
  return query.currency === 'usd' ? trade.solUsd : 1 / trade.priceSol;
}

function volumeOf(trade: SandboxTrade, decimals: number, query: CandleQuery): number {
  if (query.currency === 'usd') return tradeVolumeUsd(trade);
  return query.side === 'base'
    ? lamportsToSol(trade.lamports)
    : rawToWhole(trade.tokenRaw, decimals);
}

/** Candles over `trades` (any order), newest first, at most `query.limit`. */
export function buildCandles(
  trades: readonly SandboxTrade[],
  decimals: number,
  query: CandleQuery,
): Candle[] {
  const size = bucketSeconds(query.timeframe, query.aggregate);
  const byBucket = new Map<number, SandboxTrade[]>();
  for (const trade of trades) {
    if (trade.priceSol <= 0) continue;
    const start = Math.floor(trade.timestampMs / 1000 / size) * size;
    if (query.beforeTimestampSec !== undefined && start >= query.beforeTimestampSec) continue;
    const bucket = byBucket.get(start);
    if (bucket === undefined) byBucket.set(start, [trade]);
    else bucket.push(trade);
  }
  const starts = [...byBucket.keys()].sort((a, b) => b - a).slice(0, query.limit);
  return starts.map((start) => {
    const bucket = (byBucket.get(start) ?? []).sort(
      (a, b) => a.timestampMs - b.timestampMs || a.slot - b.slot,
    );
    const prices = bucket.map((trade) => priceOf(trade, query));
    const volume = bucket.reduce((sum, trade) => sum + volumeOf(trade, decimals, query), 0);
    return [
      start,
      prices[0] ?? 0,
      Math.max(...prices),
      Math.min(...prices),
      prices[prices.length - 1] ?? 0,
      volume,
    ] as const;
  });
}

/**
 * A pool's candles at `nowMs`: the `limit` newest buckets that saw a trade before the cut-off,
 * as GeckoTerminal answers (a quiet pool's candles reach further back, never zero-filled).
 */
export function poolCandles(
  view: MarketView,
  pool: string,
  decimals: number,
  query: CandleQuery,
  nowMs: number,
): Candle[] {
  const size = bucketSeconds(query.timeframe, query.aggregate);
  const cutoffSec = query.beforeTimestampSec ?? Math.floor(nowMs / 1000) + size;
  // The last eligible bucket ends at `lastEnd`: read its trades whole, not up to the cut-off.
  const lastEnd = Math.ceil(cutoffSec / size) * size;
  const collected: SandboxTrade[] = [];
  const buckets = new Set<number>();
  walkTradesBackwards(view, pool, Math.min(lastEnd * 1000, nowMs + 1), (trade) => {
    const start = Math.floor(trade.timestampMs / 1000 / size) * size;
    if (start < cutoffSec) buckets.add(start);
    // One bucket past the limit proves the limit-th bucket is complete.
    if (buckets.size > query.limit) return false;
    collected.push(trade);
    return true;
  });
  return buildCandles(collected, decimals, query);
}
