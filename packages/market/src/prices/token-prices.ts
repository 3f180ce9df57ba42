// USD prices for every mint a tenant holds, in as few calls as the providers allow: Jupiter Price
// v3 for 50 mints a call, then DexScreener's /tokens/v1 for 30 a call for the mints Jupiter left
// out or priced badly, then Moralis one mint at a time for a few stragglers when it has a key.
// 500 mints cost 10 Jupiter calls when Jupiter knows them all. Each mint ends with its price and
// source, or "unavailable" with the reasons (spec 2 §9: a token without a price says so, not $0).

import type { Clock } from '@fleet/core';

import { chunk } from '../batching/chunk';
import type { ProviderAccount } from '../budget/provider-account';
import {
  deepestPair,
  DEXSCREENER_TOKENS_PER_CALL,
  type DexScreenerClient,
} from '../dexscreener/dexscreener-client';
import { MarketError, reasonOf, type HttpProviderId } from '../errors/market-error';
import { JUPITER_PRICE_IDS_PER_CALL } from '../jupiter/jupiter-config';
import type { JupiterPriceClient } from '../jupiter/price-v3';
import { known, unavailable, type Sourced } from '../market-data/sourced';
import type { MoralisClient } from '../moralis/moralis-client';
import type { PriceGuard } from './price-guard';

/** Moralis is priced per call: it is asked for this many leftover mints at most per refresh. */
export const MORALIS_STRAGGLERS = 10;

export interface TokenPriceDeps {
  readonly jupiter: JupiterPriceClient;
  readonly dexscreener: DexScreenerClient;
  readonly moralis: MoralisClient;
  readonly accounts: Readonly<Record<HttpProviderId, ProviderAccount>>;
  readonly guard: PriceGuard;
  readonly clock: Clock;
}

export interface TokenPriceService {
  tokenPrices(
    mints: readonly string[],
    signal?: AbortSignal,
  ): Promise<Map<string, Sourced<number>>>;
}

type PriceSource = 'jupiter' | 'dexscreener' | 'moralis';

export function createTokenPriceService(deps: TokenPriceDeps): TokenPriceService {
  const { clock, guard } = deps;

  return {
    async tokenPrices(mints, signal) {
      const wanted = [...new Set(mints)];
      const results = new Map<string, Sourced<number>>();
      const reasons = new Map<string, string[]>(wanted.map((m) => [m, []]));
      const note = (mint: string, reason: string) => reasons.get(mint)?.push(reason);
      const left = () => wanted.filter((m) => !results.has(m));

      /** Accepts a provider's price for a mint when the guard allows it, else notes why not. */
      const offer = (provider: PriceSource, mint: string, price: number | null) => {
        if (price === null) {
          note(mint, new MarketError('MARKET__NOT_PRICED', { provider, mint }).message);
          return;
        }
        const now = clock.now();
        const problem = guard.check(mint, price, now);
        if (problem !== null) {
          const error = new MarketError('MARKET__INVALID_PRICE', {
            provider,
            mint,
            reason: problem,
          });
          deps.accounts[provider].reject(error.message, mint);
          note(mint, error.message);
          return;
        }
        guard.accept(mint, price, now);
        results.set(mint, known(price, provider, now));
      };

      const batches = async (
        provider: PriceSource,
        ids: readonly string[],
        size: number,
        read: (batch: readonly string[]) => Promise<Map<string, number | null>>,
      ) => {
        await Promise.all(
          chunk(ids, size).map(async (batch) => {
            try {
              const prices = await read(batch);
              for (const mint of batch) offer(provider, mint, prices.get(mint) ?? null);
            } catch (error) {
              if (signal?.aborted === true) throw error;
              for (const mint of batch) note(mint, `${provider}: ${reasonOf(error)}`);
            }
          }),
        );
      };

      await batches('jupiter', wanted, JUPITER_PRICE_IDS_PER_CALL, async (batch) => {
        const found = await deps.jupiter.prices(batch);
        return new Map([...found].map(([mint, entry]) => [mint, entry.usdPrice]));
      });
      if (left().length > 0)
        await batches('dexscreener', left(), DEXSCREENER_TOKENS_PER_CALL, async (batch) => {
          const pairs = await deps.dexscreener.tokens(batch, signal);
          return new Map(batch.map((mint) => [mint, deepestPair(pairs, mint)?.priceUsd ?? null]));
        });
      if (deps.moralis.configured && left().length > 0)
        await batches('moralis', left().slice(0, MORALIS_STRAGGLERS), 1, async ([mint]) => {
          if (mint === undefined) return new Map();
          return new Map([[mint, (await deps.moralis.tokenPrice(mint, signal)).usdPrice]]);
        });

      for (const mint of left()) results.set(mint, unavailable(reasons.get(mint) ?? []));
      return results;
    },
  };
}
