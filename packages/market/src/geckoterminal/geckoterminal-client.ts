// GeckoTerminal's public API v2 for Solana: token, its pools, one pool, a pool's candles and its
// recent trades. One budget: 30 calls a minute on the free API (README).

import type { ProviderAccount } from '../budget/provider-account';
import type { WindowLimit } from '../budget/window-limiter';
import {
  geckoOhlcvSchema,
  geckoPoolListSchema,
  geckoPoolOneSchema,
  geckoTokenSchema,
  geckoTradeListSchema,
  type GeckoPool,
  type GeckoToken,
  type GeckoTrade,
} from './geckoterminal-schema';

export const GECKOTERMINAL_BASE_URL = 'https://api.geckoterminal.com';
export const GECKOTERMINAL_LIMIT: WindowLimit = { requests: 30, perMs: 60_000 };
/** GeckoTerminal pins its response format by this Accept version. */
const ACCEPT = 'application/json;version=20230302';
const NETWORK = '/api/v2/networks/solana';

const TOKEN_STALE_MS = 15_000;
/** Spec 3 §9: the chart polls every 30 s. */
const OHLCV_STALE_MS = 30_000;
/** The terminal's trade list polls every 5 s. */
const TRADES_STALE_MS = 5_000;

export type OhlcvTimeframe = 'day' | 'hour' | 'minute';

export interface OhlcvQuery {
  readonly timeframe: OhlcvTimeframe;
  /** Candle width in timeframes: day 1; hour 1, 4, 12; minute 1, 5, 15. */
  readonly aggregate?: number;
  /** Unix seconds: candles before this time. */
  readonly beforeTimestamp?: number;
  /** At most 1000 rows; GeckoTerminal's default is 100. */
  readonly limit?: number;
  readonly currency?: 'usd' | 'token';
}

export interface Candle {
  /** Unix seconds. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

export interface GeckoTerminalConfig {
  readonly baseUrl?: string;
  readonly limit?: WindowLimit;
}

export interface GeckoTerminalClient {
  token(mint: string, signal?: AbortSignal): Promise<GeckoToken>;
  tokenPools(mint: string, signal?: AbortSignal): Promise<GeckoPool[]>;
  pool(poolAddress: string, signal?: AbortSignal): Promise<GeckoPool>;
  ohlcv(poolAddress: string, query: OhlcvQuery, signal?: AbortSignal): Promise<Candle[]>;
  trades(poolAddress: string, signal?: AbortSignal): Promise<GeckoTrade[]>;
}

export function createGeckoTerminalClient(
  account: ProviderAccount,
  config: GeckoTerminalConfig,
): GeckoTerminalClient {
  const base = `${(config.baseUrl ?? GECKOTERMINAL_BASE_URL).replace(/\/+$/, '')}${NETWORK}`;
  const headers = { accept: ACCEPT };
  const optional = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });
  const id = (value: string) => encodeURIComponent(value);
  return {
    async token(mint, signal) {
      const answer = await account.request({
        endpoint: 'tokens/{mint}',
        bucket: 'default',
        url: `${base}/tokens/${id(mint)}`,
        headers,
        schema: geckoTokenSchema,
        staleMs: TOKEN_STALE_MS,
        ...optional(signal),
      });
      return answer.data;
    },
    async tokenPools(mint, signal) {
      const answer = await account.request({
        endpoint: 'tokens/{mint}/pools',
        bucket: 'default',
        url: `${base}/tokens/${id(mint)}/pools`,
        headers,
        schema: geckoPoolListSchema,
        staleMs: TOKEN_STALE_MS,
        ...optional(signal),
      });
      return answer.data;
    },
    async pool(poolAddress, signal) {
      const answer = await account.request({
        endpoint: 'pools/{pool}',
        bucket: 'default',
        url: `${base}/pools/${id(poolAddress)}`,
        headers,
        schema: geckoPoolOneSchema,
        staleMs: TOKEN_STALE_MS,
        ...optional(signal),
      });
      return answer.data;
    },
    async ohlcv(poolAddress, query, signal) {
      const params = new URLSearchParams();
      if (query.aggregate !== undefined) params.set('aggregate', String(query.aggregate));
      if (query.beforeTimestamp !== undefined)
        params.set('before_timestamp', String(query.beforeTimestamp));
      if (query.limit !== undefined)
        params.set('limit', String(Math.min(1_000, Math.max(1, query.limit))));
      if (query.currency !== undefined) params.set('currency', query.currency);
      const search = params.toString();
      const answer = await account.request({
        endpoint: 'pools/{pool}/ohlcv',
        bucket: 'default',
        url: `${base}/pools/${id(poolAddress)}/ohlcv/${query.timeframe}${search === '' ? '' : `?${search}`}`,
        headers,
        schema: geckoOhlcvSchema,
        staleMs: OHLCV_STALE_MS,
        ...optional(signal),
      });
      return answer.data.attributes.ohlcv_list.map(([time, open, high, low, close, volume]) => ({
        time,
        open,
        high,
        low,
        close,
        volume,
      }));
    },
    async trades(poolAddress, signal) {
      const answer = await account.request({
        endpoint: 'pools/{pool}/trades',
        bucket: 'default',
        url: `${base}/pools/${id(poolAddress)}/trades`,
        headers,
        schema: geckoTradeListSchema,
        staleMs: TRADES_STALE_MS,
        ...optional(signal),
      });
      return answer.data;
    },
  };
}
