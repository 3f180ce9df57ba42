// The trending list (spec 3 §3 "Trending item"): DexScreener's top boosts on Solana, the first 16
// (spec 3 §9), each with its deepest pair's figures from one /tokens/v1 call (16 ≤ 30 a call).
// A token without a pair keeps its boost and has no stats.

import { deepestPair, type DexScreenerClient } from '../dexscreener/dexscreener-client';

/** Spec 3 §9: the boosts list is capped at 16 Solana tokens. */
export const TRENDING_MAX = 16;

export interface TrendingItem {
  readonly boost: {
    readonly tokenAddress: string;
    readonly icon: string | null;
    readonly description: string | null;
    readonly totalAmount: number | null;
    readonly url: string | null;
  };
  readonly stats: {
    readonly baseSymbol: string;
    readonly baseName: string;
    readonly priceUsd: number | null;
    readonly fdv: number | null;
    readonly volume24hUsd: number | null;
    readonly pairUrl: string | null;
  } | null;
}

export async function trendingTokens(
  dexscreener: DexScreenerClient,
  signal?: AbortSignal,
): Promise<TrendingItem[]> {
  const boosts = (await dexscreener.topBoosts(signal)).slice(0, TRENDING_MAX);
  const pairs =
    boosts.length === 0
      ? []
      : await dexscreener.tokens(
          boosts.map((b) => b.tokenAddress),
          signal,
        );
  return boosts.map((boost) => {
    const pair = deepestPair(pairs, boost.tokenAddress);
    return {
      boost: {
        tokenAddress: boost.tokenAddress,
        icon: boost.icon,
        description: boost.description,
        totalAmount: boost.totalAmount,
        url: boost.url ?? null,
      },
      stats:
        pair === null
          ? null
          : {
              baseSymbol: pair.baseToken.symbol,
              baseName: pair.baseToken.name,
              priceUsd:
                pair.priceUsd !== null && Number.isFinite(pair.priceUsd) ? pair.priceUsd : null,
              fdv: pair.fdv,
              volume24hUsd: pair.volume?.h24 ?? null,
              pairUrl: pair.url ?? null,
            },
    };
  });
}
