import type { PriceResponse, ProviderDetail, SolPrice } from '@fleet/core';
import type { Market, Sourced } from '@fleet/market';

/**
 * The market as the server's routes and services use it (issue 18): one `Market` per process
 * (prices are cached by the package; a cache, so a second process only asks the providers
 * again), read through the shapes of core's API contract.
 */
export function createMarketService(context: {
  readonly market: Market;
  readonly now: () => number;
}) {
  const { market, now } = context;
  return {
    /** The market itself, for services that need its prices (valuation) or search. */
    market,

    /** SOL/USD with its source and age, or every provider's reason; never a 0. */
    async solPrice(): Promise<SolPrice> {
      return solPriceView(await market.solPrice(), now());
    },

    /**
     * `GET /api/jupiter/price`: Jupiter Price v3's shape, keyed by mint, from the market's price
     * chain (Jupiter 50 a call, then DexScreener, then Moralis); a mint nobody prices is absent.
     */
    async prices(ids: readonly string[]): Promise<PriceResponse> {
      const prices = await market.tokenPrices(ids);
      const answer: PriceResponse = {};
      for (const [mint, price] of prices) {
        if (price.status !== 'known' || price.source === 'metadata') continue;
        answer[mint] = {
          usdPrice: price.value,
          source: price.source,
          fetchedAt: new Date(price.at).toISOString(),
        };
      }
      return answer;
    },

    /** Every provider account's counters, for Scan Details. */
    providers(): ProviderDetail[] {
      return market.stats().map((stats) => ({
        provider: stats.provider,
        calls: stats.calls,
        cacheHits: stats.cacheHits,
        rateLimited: stats.rateLimited,
        errors: stats.errors,
        timeouts: stats.timeouts,
        lastError: stats.lastError,
        lastErrorAt: stats.lastErrorAt === null ? null : new Date(stats.lastErrorAt).toISOString(),
        coolingDownMs: stats.coolingDownMs,
      }));
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

/** Spec 1 §8's sentence when a provider's SOL price was refused, else a plain one. */
const INVALID_SOL_PRICE = /^Invalid SOL price from [a-z]+/;

export function solPriceView(price: Sourced<number>, now: number): SolPrice {
  if (price.status === 'known' && price.source !== 'metadata') {
    return {
      status: 'known',
      priceUsd: price.value,
      source: price.source,
      fetchedAt: new Date(price.at).toISOString(),
      ageMs: Math.max(0, Math.round(now - price.at)),
    };
  }
  const reasons = price.status === 'unavailable' ? [...price.reasons] : ['no provider answered'];
  const invalid = reasons.map((reason) => INVALID_SOL_PRICE.exec(reason)?.[0]).find(Boolean);
  return {
    status: 'unavailable',
    message: invalid ?? 'SOL price unavailable',
    reasons,
  };
}
