import type { MarketRefreshResponse, MintMarketFigures } from '@fleet/core';
import { deepestPair, type Market, type Sourced } from '@fleet/market';

/**
 * The Tokens Overview's market figures per mint: the price from the market's price chain (the
 * one the valuation uses, so the two pages agree), and FDV, liquidity and the logo from
 * DexScreener's deepest pair, read 30 mints a call.
 *
 * FDV and liquidity are kept per process and served as known while a refresh runs behind the
 * answer: a page load waits for DexScreener only for mints this process has never asked about,
 * so the overview's 30 s refetch (spec 2 §9) does not hold every answer on 17 provider calls.
 * They are public facts of a mint, shared by every tenant. A mint DexScreener failed on is kept
 * as unknown for the same while, so a provider that is down is not waited on by every request.
 */

/** Past this age a mint's pair figures are asked again, after the answer that used them. */
export const PAIR_FIGURES_REFRESH_MS = 60_000;
/** Mints kept; the least recently read go first beyond it. */
const MAX_KEPT_MINTS = 20_000;

interface PairFigures {
  readonly fdvUsd: number | null;
  readonly liquidityUsd: number | null;
  readonly logoUrl: string | null;
  readonly at: number;
}

export interface MarketFiguresSource {
  /** Figures for `mints`; `priced` are the mints to price (those with a balance). */
  figures(
    mints: readonly string[],
    priced: readonly string[],
  ): Promise<Map<string, MintMarketFigures>>;
  /**
   * Refresh Market Data (spec 2 §2.5): the pair figures of `mints` read again now, whatever
   * their age, and their prices; the next `figures` answers with them.
   */
  refresh(mints: readonly string[]): Promise<MarketRefreshResponse>;
}

export function createMarketFigures(context: {
  readonly market: Market;
  readonly now: () => number;
  /** Told when DexScreener could not be read (the figures stay unknown, never 0). */
  readonly onError: (error: unknown) => void;
}): MarketFiguresSource {
  const { market, now } = context;
  const kept = new Map<string, PairFigures>();
  let refreshing = false;

  const keep = (mint: string, figures: PairFigures) => {
    kept.delete(mint);
    kept.set(mint, figures);
    if (kept.size > MAX_KEPT_MINTS) {
      const oldest = kept.keys().next();
      if (oldest.done !== true) kept.delete(oldest.value);
    }
  };

  /** Reads and keeps the pair figures of `mints`; answers DexScreener's error, if any. */
  const readPairs = async (mints: readonly string[]): Promise<string | null> => {
    const at = now();
    try {
      const pairs = await market.dexscreener.tokens(mints);
      for (const mint of mints) {
        const pair = deepestPair(pairs, mint);
        keep(mint, {
          fdvUsd: sound(pair?.fdv),
          liquidityUsd: sound(pair?.liquidity?.usd),
          logoUrl: pair?.info?.imageUrl ?? null,
          at,
        });
      }
      return null;
    } catch (error) {
      context.onError(error);
      for (const mint of mints) {
        const before = kept.get(mint);
        keep(mint, before === undefined ? unknownAt(at) : { ...before, at });
      }
      return `DexScreener: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  return {
    async figures(mints, priced) {
      // 1. Pair figures of mints never asked about, and the prices, together.
      const unseen = mints.filter((mint) => !kept.has(mint));
      const [prices] = await Promise.all([
        priced.length === 0 ? new Map<string, Sourced<number>>() : market.tokenPrices(priced),
        unseen.length === 0 ? Promise.resolve(null) : readPairs(unseen),
      ]);
      // 2. Stale ones asked again behind the answer, one refresh at a time.
      const stale = mints.filter(
        (mint) => now() - (kept.get(mint)?.at ?? 0) >= PAIR_FIGURES_REFRESH_MS,
      );
      if (stale.length > 0 && !refreshing) {
        refreshing = true;
        void readPairs(stale).finally(() => {
          refreshing = false;
        });
      }
      // 3. One entry per mint.
      const answer = new Map<string, MintMarketFigures>();
      for (const mint of mints) {
        const pair = kept.get(mint) ?? unknownAt(0);
        const price = prices.get(mint);
        answer.set(mint, {
          priceUsd:
            price?.status === 'known' && price.source !== 'metadata' ? sound(price.value) : null,
          fdvUsd: pair.fdvUsd,
          liquidityUsd: pair.liquidityUsd,
          logoUrl: pair.logoUrl,
        });
      }
      return answer;
    },

    async refresh(mints) {
      const [prices, pairError] = await Promise.all([market.tokenPrices(mints), readPairs(mints)]);
      const unpriced: string[] = [];
      let refreshed = 0;
      for (const mint of mints) {
        const price = prices.get(mint);
        const pair = kept.get(mint);
        const priced = price?.status === 'known' && price.source !== 'metadata';
        if (priced || (pair !== undefined && (pair.fdvUsd !== null || pair.liquidityUsd !== null)))
          refreshed += 1;
        else unpriced.push(mint);
      }
      const reasons = new Set<string>();
      if (pairError !== null) reasons.add(pairError);
      for (const price of prices.values())
        if (price.status === 'unavailable') for (const reason of price.reasons) reasons.add(reason);
      return { refreshed, unpriced, reasons: unpriced.length === 0 ? [] : [...reasons] };
    },
  };
}

const unknownAt = (at: number): PairFigures => ({
  fdvUsd: null,
  liquidityUsd: null,
  logoUrl: null,
  at,
});

/** A size a provider reports: finite and not negative, else unknown. */
function sound(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
