import type { MarketRefreshResponse, MintMarketFigures } from '@fleet/core';
import type { Clock } from '@fleet/core';
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
 *
 * An answer waits on the providers until `MARKET_WAIT_MS` after its request began (at least
 * `MARKET_MIN_WAIT_MS`): a process's first request, or a provider that is slow or paced by its
 * rate limit, must not hold the whole overview. Past it, the answer goes out with the last price
 * and figures kept for each mint, `pending` says that some were not read yet, and the reading
 * goes on behind it for the next request.
 */

/** Past this age a mint's pair figures are asked again, after the answer that used them. */
export const PAIR_FIGURES_REFRESH_MS = 60_000;
/** How long after its request began an answer goes out with what is kept, read or not. */
export const MARKET_WAIT_MS = 100;
/** The least an answer waits on the providers, however long its database reads took. */
export const MARKET_MIN_WAIT_MS = 10;
/** Mints kept; the least recently read go first beyond it. */
const MAX_KEPT_MINTS = 20_000;

interface PairFigures {
  readonly fdvUsd: number | null;
  readonly liquidityUsd: number | null;
  readonly logoUrl: string | null;
  readonly at: number;
}

export interface MarketFigures {
  readonly figures: Map<string, MintMarketFigures>;
  /** Some mints' figures were still being read when the answer went out (`MARKET_WAIT_MS`). */
  readonly pending: boolean;
}

export interface MarketFiguresSource {
  /** Figures for `mints`; `priced` are the mints to price (those with a balance). */
  figures(
    mints: readonly string[],
    priced: readonly string[],
    /** When the request began (the clock's milliseconds); default: now. */
    askedAt?: number,
  ): Promise<MarketFigures>;
  /**
   * Refresh Market Data (spec 2 §2.5): the pair figures of `mints` read again now, whatever
   * their age, and their prices; the next `figures` answers with them.
   */
  refresh(mints: readonly string[]): Promise<MarketRefreshResponse>;
}

export function createMarketFigures(context: {
  readonly market: Market;
  readonly clock: Pick<Clock, 'now' | 'sleep'>;
  /** Told when DexScreener could not be read (the figures stay unknown, never 0). */
  readonly onError: (error: unknown) => void;
}): MarketFiguresSource {
  const { market, clock } = context;
  const now = () => clock.now();
  const kept = new Map<string, PairFigures>();
  /** The last price the chain gave each mint (null: it had none), for answers that cannot wait. */
  const keptPrices = new Map<string, number | null>();
  /** Pair reads under way, by mint: a request for a mint being read waits on that read. */
  const reading = new Map<string, Promise<unknown>>();
  let refreshing = false;

  const keep = <T>(map: Map<string, T>, mint: string, value: T) => {
    map.delete(mint);
    map.set(mint, value);
    if (map.size > MAX_KEPT_MINTS) {
      const oldest = map.keys().next();
      if (oldest.done !== true) map.delete(oldest.value);
    }
  };

  /** Reads and keeps the prices of `mints`; answers them as the price chain gave them. */
  const readPrices = async (mints: readonly string[]) => {
    const prices = await market.tokenPrices(mints);
    for (const mint of mints) keep(keptPrices, mint, usablePrice(prices.get(mint)));
    return prices;
  };

  /** Reads the pair figures of the mints no read is under way for; answers every mint's read. */
  const readUnseenPairs = (mints: readonly string[]) => {
    const fresh = mints.filter((mint) => !reading.has(mint));
    if (fresh.length > 0) {
      const read = readPairs(fresh).finally(() => {
        for (const mint of fresh) if (reading.get(mint) === read) reading.delete(mint);
      });
      for (const mint of fresh) reading.set(mint, read);
    }
    const reads = new Set<Promise<unknown>>();
    for (const mint of mints) {
      const read = reading.get(mint);
      if (read !== undefined) reads.add(read);
    }
    return Promise.all(reads);
  };

  /** Whether `work` settled within the wait; it goes on either way. */
  const settlesInTime = async (work: Promise<unknown>, waitMs: number) => {
    const timer = new AbortController();
    const inTime = await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      clock.sleep(waitMs, timer.signal).then(
        () => false,
        () => true,
      ),
    ]);
    timer.abort();
    return inTime;
  };

  /** Reads and keeps the pair figures of `mints`; answers DexScreener's error, if any. */
  const readPairs = async (mints: readonly string[]): Promise<string | null> => {
    const at = now();
    try {
      const pairs = await market.dexscreener.tokens(mints);
      for (const mint of mints) {
        const pair = deepestPair(pairs, mint);
        keep(kept, mint, {
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
        keep(kept, mint, before === undefined ? unknownAt(at) : { ...before, at });
      }
      return `DexScreener: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  return {
    async figures(mints, priced, askedAt = now()) {
      // 1. Pair figures of mints never asked about, and the prices, together, for a while.
      const unseen = mints.filter((mint) => !kept.has(mint));
      const work = Promise.all([
        priced.length === 0 ? null : readPrices(priced),
        unseen.length === 0 ? null : readUnseenPairs(unseen),
      ]).catch(context.onError);
      const inTime = await settlesInTime(
        work,
        Math.max(MARKET_MIN_WAIT_MS, askedAt + MARKET_WAIT_MS - now()),
      );
      // 2. Stale ones asked again behind the answer, one refresh at a time.
      const stale = mints.filter((mint) => {
        const at = kept.get(mint)?.at;
        return at !== undefined && now() - at >= PAIR_FIGURES_REFRESH_MS;
      });
      if (stale.length > 0 && !refreshing) {
        refreshing = true;
        void readPairs(stale).finally(() => {
          refreshing = false;
        });
      }
      // 3. One entry per mint, from what is kept.
      const figures = new Map<string, MintMarketFigures>();
      const pricedMints = new Set(priced);
      for (const mint of mints) {
        const pair = kept.get(mint) ?? unknownAt(0);
        figures.set(mint, {
          priceUsd: pricedMints.has(mint) ? (keptPrices.get(mint) ?? null) : null,
          fdvUsd: pair.fdvUsd,
          liquidityUsd: pair.liquidityUsd,
          logoUrl: pair.logoUrl,
        });
      }
      const unread = (mint: string) => !kept.has(mint);
      const unpriced = (mint: string) => !keptPrices.has(mint);
      return { figures, pending: !inTime && (mints.some(unread) || priced.some(unpriced)) };
    },

    async refresh(mints) {
      const [prices, pairError] = await Promise.all([readPrices(mints), readPairs(mints)]);
      const unpriced: string[] = [];
      let refreshed = 0;
      for (const mint of mints) {
        const pair = kept.get(mint);
        const priced = usablePrice(prices.get(mint)) !== null;
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

/** A price the overview shows: a known one, not a metadata-only guess, and sound. */
function usablePrice(price: Sourced<number> | undefined): number | null {
  return price?.status === 'known' && price.source !== 'metadata' ? sound(price.value) : null;
}

/** A size a provider reports: finite and not negative, else unknown. */
function sound(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
