// The header's market search and the terminal's token search (spec 3 §3 "Token search result"),
// from DexScreener's search: one result per token, from its deepest Solana pair. A figure the
// provider lacks is null (shown as a dash), never 0.

import type { DexScreenerClient } from '../dexscreener/dexscreener-client';
import type { DexPair } from '../dexscreener/dexscreener-schema';

export interface TokenSearchResult {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  readonly priceUsd: number | null;
  readonly marketCapUsd: number | null;
  readonly liquidityUsd: number | null;
  readonly volume24hUsd: number | null;
  readonly pairAddress: string;
  /** Epoch milliseconds the pair was created. */
  readonly createdAt: number | null;
  readonly logoUrl: string | null;
  readonly dexUrl: string | null;
  readonly socials: {
    readonly website: string | null;
    readonly twitter: string | null;
    readonly telegram: string | null;
  };
}

/** Spec 2 §9 / spec 3 §2.4: at most 10 suggestions. */
export const SEARCH_RESULTS_MAX = 10;

const finite = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

export function searchResultOf(pair: DexPair): TokenSearchResult {
  const socials = pair.info?.socials ?? [];
  const social = (type: string) => socials.find((s) => s.type === type)?.url ?? null;
  return {
    mint: pair.baseToken.address,
    symbol: pair.baseToken.symbol,
    name: pair.baseToken.name,
    priceUsd: finite(pair.priceUsd),
    marketCapUsd: finite(pair.marketCap),
    liquidityUsd: finite(pair.liquidity?.usd),
    volume24hUsd: finite(pair.volume?.h24),
    pairAddress: pair.pairAddress,
    createdAt: finite(pair.pairCreatedAt),
    logoUrl: pair.info?.imageUrl ?? null,
    dexUrl: pair.url ?? null,
    socials: {
      website: pair.info?.websites?.[0]?.url ?? null,
      twitter: social('twitter'),
      telegram: social('telegram'),
    },
  };
}

export async function searchTokens(
  dexscreener: DexScreenerClient,
  query: string,
  limit = SEARCH_RESULTS_MAX,
  signal?: AbortSignal,
): Promise<TokenSearchResult[]> {
  const pairs = await dexscreener.search(query, signal);
  const deepest = new Map<string, DexPair>();
  for (const pair of pairs) {
    const mint = pair.baseToken.address;
    const best = deepest.get(mint);
    if (best === undefined || (pair.liquidity?.usd ?? 0) > (best.liquidity?.usd ?? 0))
      deepest.set(mint, pair);
  }
  return [...deepest.values()].slice(0, limit).map(searchResultOf);
}
