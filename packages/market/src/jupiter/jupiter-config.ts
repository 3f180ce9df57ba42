import type { WindowLimit } from '../budget/window-limiter';

export const JUPITER_BASE_URL = 'https://api.jup.ag';

/**
 * One bucket per account, shared by every endpoint, over a 60-second sliding window
 * (dev.jup.ag/docs/portal/rate-limits): 60 requests a minute on the free plan with a key, 30
 * without one; a paid plan raises it, and the operator's configuration says so.
 */
export const JUPITER_DEFAULT_LIMIT: WindowLimit = { requests: 60, perMs: 60_000 };
export const JUPITER_KEYLESS_LIMIT: WindowLimit = { requests: 30, perMs: 60_000 };

export function jupiterLimit(config: JupiterConfig): WindowLimit {
  if (config.limit !== undefined) return config.limit;
  return config.apiKey === undefined || config.apiKey === ''
    ? JUPITER_KEYLESS_LIMIT
    : JUPITER_DEFAULT_LIMIT;
}

/** Price API v3 takes up to 50 ids per call. */
export const JUPITER_PRICE_IDS_PER_CALL = 50;

export interface JupiterConfig {
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly limit?: WindowLimit;
  /** Which swap API the operator's account uses: Swap v1 (/quote + /swap) or Swap V2. */
  readonly swapApi?: 'v1' | 'v2';
  /** Swap V2's flow: /order + /execute (Jupiter lands it) or /build + /submit (we compose). */
  readonly v2Flow?: 'order' | 'build';
  /** Where /build's signed transactions go; Jupiter documents `/tx/v1/submit` (README). */
  readonly submitPath?: string;
  /** /submit needs a SOL tip of at least 0.001 SOL in the transaction; /build adds it. */
  readonly tipLamports?: bigint;
}

export function jupiterHeaders(config: JupiterConfig): Record<string, string> {
  return config.apiKey === undefined || config.apiKey === '' ? {} : { 'x-api-key': config.apiKey };
}

export function jupiterUrl(config: JupiterConfig, path: string, query?: URLSearchParams): string {
  const base = (config.baseUrl ?? JUPITER_BASE_URL).replace(/\/+$/, '');
  const search =
    query === undefined || [...query.keys()].length === 0 ? '' : `?${query.toString()}`;
  return `${base}${path}${search}`;
}
