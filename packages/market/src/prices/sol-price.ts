// The SOL/USD price, from the chain spec 1 §7 orders: a price service (Jupiter Price v3), then a
// market-data service (GeckoTerminal's token price), then a DEX pair service (DexScreener's
// deepest SOL pair). A provider that fails, hangs past its timeout or answers garbage is skipped
// with its reason; a price that fails the guard reads "Invalid SOL price from {provider}" (spec 1
// §8). The accepted price holds 60 s (spec 1 §9).

import type { Clock } from '@fleet/core';

import type { ProviderAccount } from '../budget/provider-account';
import { deepestPair, type DexScreenerClient } from '../dexscreener/dexscreener-client';
import { MarketError, reasonOf, type HttpProviderId } from '../errors/market-error';
import type { GeckoTerminalClient } from '../geckoterminal/geckoterminal-client';
import type { JupiterPriceClient } from '../jupiter/price-v3';
import { known, unavailable, type Sourced } from '../market-data/sourced';
import type { PriceGuard } from './price-guard';

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
/** Spec 1 §9: the SOL price is stale, and refetched, after 60 s. */
export const SOL_PRICE_STALE_MS = 60_000;

export interface SolPriceDeps {
  readonly jupiter: JupiterPriceClient;
  readonly geckoterminal: GeckoTerminalClient;
  readonly dexscreener: DexScreenerClient;
  readonly accounts: Readonly<Record<HttpProviderId, ProviderAccount>>;
  readonly guard: PriceGuard;
  readonly clock: Clock;
}

export interface SolPriceService {
  /** The price with its source and time, or unavailable with every provider's reason. */
  solPrice(signal?: AbortSignal): Promise<Sourced<number>>;
}

type Step = readonly [HttpProviderId, () => Promise<number | null>];

export function createSolPriceService(deps: SolPriceDeps): SolPriceService {
  const { clock, guard } = deps;
  let last: Extract<Sourced<number>, { status: 'known' }> | null = null;
  let inFlight: Promise<Sourced<number>> | null = null;

  const steps: readonly Step[] = [
    [
      'jupiter',
      async () =>
        (await deps.jupiter.prices([SOL_MINT], { staleMs: SOL_PRICE_STALE_MS })).get(SOL_MINT)
          ?.usdPrice ?? null,
    ],
    ['geckoterminal', async () => (await deps.geckoterminal.token(SOL_MINT)).attributes.price_usd],
    [
      'dexscreener',
      async () => {
        const pair = deepestPair(await deps.dexscreener.tokenPairs(SOL_MINT), SOL_MINT);
        if (pair === null) throw new MarketError('MARKET__NO_PAIRS', { provider: 'dexscreener' });
        return pair.priceUsd;
      },
    ],
  ];

  const fetchPrice = async (): Promise<Sourced<number>> => {
    const reasons: string[] = [];
    for (const [provider, read] of steps) {
      let price: number | null;
      try {
        price = await read();
      } catch (error) {
        reasons.push(`${provider}: ${reasonOf(error)}`);
        continue;
      }
      const now = clock.now();
      if (price === null) {
        reasons.push(new MarketError('MARKET__NOT_PRICED', { provider, mint: SOL_MINT }).message);
        continue;
      }
      const problem = guard.check(SOL_MINT, price, now);
      if (problem !== null) {
        const error = new MarketError('MARKET__INVALID_SOL_PRICE', { provider, reason: problem });
        deps.accounts[provider].reject(`${error.message}: ${problem}`, SOL_MINT);
        reasons.push(`${error.message}: ${problem}`);
        continue;
      }
      guard.accept(SOL_MINT, price, now);
      return known(price, provider, now);
    }
    return unavailable(reasons);
  };

  return {
    solPrice(signal) {
      if (last !== null && clock.now() - last.at < SOL_PRICE_STALE_MS) return Promise.resolve(last);
      // Callers asking together share one walk down the chain. It is not tied to any one
      // caller's signal (each provider call has its own timeout); a caller that gives up only
      // stops waiting.
      inFlight ??= fetchPrice()
        .then((result) => {
          if (result.status === 'known') last = result;
          return result;
        })
        .finally(() => {
          inFlight = null;
        });
      return untilAborted(inFlight, signal);
    },
  };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() =>
    signal.removeEventListener('abort', onAbort),
  );
}
