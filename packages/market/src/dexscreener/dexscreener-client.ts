// DexScreener: pairs per token, pairs for up to 30 tokens a call, search, and the top boosts.
// Its published limits differ by endpoint family (README), so they are two budgets.

import type { ProviderAccount } from '../budget/provider-account';
import type { WindowLimit } from '../budget/window-limiter';
import { chunk } from '../batching/chunk';
import {
  dexBoostListSchema,
  dexPairListSchema,
  dexSearchSchema,
  type DexBoost,
  type DexPair,
} from './dexscreener-schema';

export const DEXSCREENER_BASE_URL = 'https://api.dexscreener.com';
/** Pairs, tokens and search: 300 requests a minute. */
export const DEXSCREENER_PAIRS_LIMIT: WindowLimit = { requests: 300, perMs: 60_000 };
/** Token profiles and boosts: 60 requests a minute. */
export const DEXSCREENER_OTHER_LIMIT: WindowLimit = { requests: 60, perMs: 60_000 };
export const DEXSCREENER_TOKENS_PER_CALL = 30;
const CHAIN = 'solana';

/** Spec 3 §9 stale times: price 15 s, token search 30 s, trending 60 s. */
const PAIRS_STALE_MS = 15_000;
const SEARCH_STALE_MS = 30_000;
const TRENDING_STALE_MS = 60_000;

export interface DexScreenerConfig {
  readonly baseUrl?: string;
  readonly pairsLimit?: WindowLimit;
  readonly otherLimit?: WindowLimit;
}

export interface DexScreenerClient {
  tokenPairs(mint: string, signal?: AbortSignal): Promise<DexPair[]>;
  /** Pairs of many tokens, 30 to a call; pairs of other chains are dropped. */
  tokens(mints: readonly string[], signal?: AbortSignal): Promise<DexPair[]>;
  search(query: string, signal?: AbortSignal): Promise<DexPair[]>;
  /** Solana's boosted tokens, in DexScreener's order. */
  topBoosts(signal?: AbortSignal): Promise<DexBoost[]>;
}

export function createDexScreenerClient(
  account: ProviderAccount,
  config: DexScreenerConfig,
): DexScreenerClient {
  const base = (config.baseUrl ?? DEXSCREENER_BASE_URL).replace(/\/+$/, '');
  const optional = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });
  const onSolana = (pairs: DexPair[]) => pairs.filter((p) => p.chainId === CHAIN);
  return {
    async tokenPairs(mint, signal) {
      const pairs = await account.request({
        endpoint: 'token-pairs/v1',
        bucket: 'pairs',
        url: `${base}/token-pairs/v1/${CHAIN}/${encodeURIComponent(mint)}`,
        schema: dexPairListSchema,
        staleMs: PAIRS_STALE_MS,
        ...optional(signal),
      });
      return onSolana(pairs);
    },
    async tokens(mints, signal) {
      const ids = [...new Set(mints)].sort();
      const answers = await Promise.all(
        chunk(ids, DEXSCREENER_TOKENS_PER_CALL).map((batch) =>
          account.request({
            endpoint: 'tokens/v1',
            bucket: 'pairs',
            url: `${base}/tokens/v1/${CHAIN}/${batch.map(encodeURIComponent).join(',')}`,
            schema: dexPairListSchema,
            staleMs: PAIRS_STALE_MS,
            ...optional(signal),
          }),
        ),
      );
      return onSolana(answers.flat());
    },
    async search(query, signal) {
      const answer = await account.request({
        endpoint: 'latest/dex/search',
        bucket: 'pairs',
        url: `${base}/latest/dex/search?${new URLSearchParams({ q: query }).toString()}`,
        schema: dexSearchSchema,
        staleMs: SEARCH_STALE_MS,
        ...optional(signal),
      });
      return onSolana(answer.pairs);
    },
    async topBoosts(signal) {
      const boosts = await account.request({
        endpoint: 'token-boosts/top/v1',
        bucket: 'other',
        url: `${base}/token-boosts/top/v1`,
        schema: dexBoostListSchema,
        staleMs: TRENDING_STALE_MS,
        ...optional(signal),
      });
      return boosts.filter((b) => b.chainId === CHAIN);
    },
  };
}

/** The pair most of a token's trading goes through: the deepest liquidity in USD. */
export function deepestPair(pairs: readonly DexPair[], mint: string): DexPair | null {
  let best: DexPair | null = null;
  for (const pair of pairs) {
    if (pair.baseToken.address !== mint) continue;
    if (best === null || (pair.liquidity?.usd ?? 0) > (best.liquidity?.usd ?? 0)) best = pair;
  }
  return best;
}
