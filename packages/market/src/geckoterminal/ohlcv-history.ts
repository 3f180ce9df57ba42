// The chart's candle history (spec 3 §9: 15-minute candles, up to 5 pages of 500 rows, 7 days
// back), paged backwards with before_timestamp from the oldest candle of the page before. Each page
// is one call on GeckoTerminal's budget; paging stops at a short page or past the lookback.

import type { Candle, GeckoTerminalClient, OhlcvQuery } from './geckoterminal-client';

export interface OhlcvHistoryOptions {
  readonly timeframe?: OhlcvQuery['timeframe'];
  readonly aggregate?: number;
  readonly rowsPerPage?: number;
  readonly maxPages?: number;
  /** How far back, in seconds, from `nowSeconds`. */
  readonly lookbackSeconds?: number;
  /** Unix seconds the history ends at (the clock's now). */
  readonly nowSeconds: number;
  readonly signal?: AbortSignal;
}

export const CHART_DEFAULTS = {
  timeframe: 'minute',
  aggregate: 15,
  rowsPerPage: 500,
  maxPages: 5,
  lookbackSeconds: 7 * 24 * 3_600,
} as const;

/** Oldest first, one candle per time, none older than the lookback. */
export async function ohlcvHistory(
  gecko: GeckoTerminalClient,
  poolAddress: string,
  options: OhlcvHistoryOptions,
): Promise<Candle[]> {
  const rows = options.rowsPerPage ?? CHART_DEFAULTS.rowsPerPage;
  const oldestAllowed =
    options.nowSeconds - (options.lookbackSeconds ?? CHART_DEFAULTS.lookbackSeconds);
  const byTime = new Map<number, Candle>();
  let before: number | undefined;
  for (let page = 0; page < (options.maxPages ?? CHART_DEFAULTS.maxPages); page++) {
    const candles = await gecko.ohlcv(
      poolAddress,
      {
        timeframe: options.timeframe ?? CHART_DEFAULTS.timeframe,
        aggregate: options.aggregate ?? CHART_DEFAULTS.aggregate,
        limit: rows,
        ...(before === undefined ? {} : { beforeTimestamp: before }),
      },
      options.signal,
    );
    for (const candle of candles) if (candle.time >= oldestAllowed) byTime.set(candle.time, candle);
    const oldest = Math.min(...candles.map((c) => c.time));
    if (candles.length < rows || !Number.isFinite(oldest) || oldest <= oldestAllowed) break;
    before = oldest;
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
