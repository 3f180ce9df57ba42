// The market as the server uses it: one provider account (rate budget, cache, counters) per
// provider, the clients over them, the fallback chains over the clients, and the live feed.
// Configuration arrives whole (the server reads the environment); nothing here reads globals.

import { systemClock, type Clock } from '@fleet/core';

import { createProviderAccount, type ProviderAccount } from './budget/provider-account';
import type { ProviderStats } from './budget/provider-stats';
import {
  createDexScreenerClient,
  DEXSCREENER_OTHER_LIMIT,
  DEXSCREENER_PAIRS_LIMIT,
  type DexScreenerClient,
  type DexScreenerConfig,
} from './dexscreener/dexscreener-client';
import { MarketError, type HttpProviderId } from './errors/market-error';
import {
  createGeckoTerminalClient,
  GECKOTERMINAL_LIMIT,
  type GeckoTerminalClient,
  type GeckoTerminalConfig,
} from './geckoterminal/geckoterminal-client';
import type { FetchLike } from './http/fetch-like';
import { createSwapService } from './jupiter/create-swap-service';
import { jupiterLimit, type JupiterConfig } from './jupiter/jupiter-config';
import { createJupiterPriceClient, type JupiterPriceClient } from './jupiter/price-v3';
import type { Broadcast } from './jupiter/swap-v1';
import type { SwapService } from './jupiter/swap-service';
import type { Sourced } from './market-data/sourced';
import {
  createTokenMarketDataService,
  type MetadataLookup,
  type TokenMarketData,
} from './market-data/token-market-data';
import {
  createMoralisClient,
  MORALIS_LIMIT,
  type MoralisClient,
  type MoralisConfig,
} from './moralis/moralis-client';
import { PriceGuard } from './prices/price-guard';
import { createSolPriceService } from './prices/sol-price';
import { createTokenPriceService } from './prices/token-prices';
import { searchTokens, type TokenSearchResult } from './market-data/token-search';
import { trendingTokens, type TrendingItem } from './market-data/trending';
import type { PumpEvent } from './pumpportal/pump-events';
import {
  createPumpPortalFeed,
  type FeedStatus,
  type PumpPortalFeed,
} from './pumpportal/pumpportal-feed';

/** The one PumpPortal socket, shared: every consumer listens, subscriptions are counted. */
export interface SharedPumpPortalFeed extends PumpPortalFeed {
  /** Receives every event of the shared socket until the returned function is called. */
  listen(listener: (event: PumpEvent) => void): () => void;
  /** Receives connection changes (for logs and the feed's status line). */
  watch(listener: (status: FeedStatus) => void): () => void;
}

export interface MarketConfig {
  readonly fetch: FetchLike;
  readonly clock?: Clock;
  /** Per request attempt; default 8 s. A hanging provider drops to the next after this. */
  readonly timeoutMs?: number;
  readonly jupiter?: JupiterConfig;
  readonly dexscreener?: DexScreenerConfig;
  readonly geckoterminal?: GeckoTerminalConfig;
  readonly moralis?: MoralisConfig;
  readonly pumpportal?: { readonly url?: string };
  /** Sends Swap v1's signed transactions (the chain's broadcast). */
  readonly broadcast?: Broadcast;
  /** The digital-asset lookup the banner falls back to for names and images. */
  readonly lookupMetadata?: MetadataLookup;
}

export interface Market {
  readonly jupiter: JupiterPriceClient;
  readonly swap: SwapService;
  readonly dexscreener: DexScreenerClient;
  readonly geckoterminal: GeckoTerminalClient;
  readonly moralis: MoralisClient;
  /** SOL/USD through the spec 1 §7 chain; held 60 s. */
  solPrice(signal?: AbortSignal): Promise<Sourced<number>>;
  /** USD prices for many mints, 50 a Jupiter call, with fallbacks; one entry per distinct mint. */
  tokenPrices(
    mints: readonly string[],
    signal?: AbortSignal,
  ): Promise<Map<string, Sourced<number>>>;
  /** The banner's fields through the spec 3 §4 chain. */
  tokenMarketData(mint: string, signal?: AbortSignal): Promise<TokenMarketData>;
  /** Spec 3 §3 search results, one per token from its deepest pair (cached 30 s). */
  searchTokens(query: string, signal?: AbortSignal): Promise<TokenSearchResult[]>;
  /** The first 16 boosted Solana tokens with their pair figures (cached 60 s). */
  trending(signal?: AbortSignal): Promise<TrendingItem[]>;
  /** The one multiplexed PumpPortal socket; it connects on the first subscription. */
  pumpPortal(): SharedPumpPortalFeed;
  /** Per-provider counters for Scan Details (PumpPortal's: connection attempts, dropped messages). */
  stats(): ProviderStats[];
  /** Closes the PumpPortal socket for good. */
  close(): void;
}

export function createMarket(config: MarketConfig): Market {
  const clock = config.clock ?? systemClock;
  const account = (
    provider: HttpProviderId,
    buckets: Record<string, { requests: number; perMs: number }>,
  ) =>
    createProviderAccount({
      provider,
      buckets,
      fetch: config.fetch,
      clock,
      ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
    });
  const jupiterConfig = config.jupiter ?? {};
  const accounts: Record<HttpProviderId, ProviderAccount> = {
    jupiter: account('jupiter', { default: jupiterLimit(jupiterConfig) }),
    dexscreener: account('dexscreener', {
      pairs: config.dexscreener?.pairsLimit ?? DEXSCREENER_PAIRS_LIMIT,
      other: config.dexscreener?.otherLimit ?? DEXSCREENER_OTHER_LIMIT,
    }),
    geckoterminal: account('geckoterminal', {
      default: config.geckoterminal?.limit ?? GECKOTERMINAL_LIMIT,
    }),
    moralis: account('moralis', { default: config.moralis?.limit ?? MORALIS_LIMIT }),
  };
  const jupiter = createJupiterPriceClient(accounts.jupiter, jupiterConfig);
  const dexscreener = createDexScreenerClient(accounts.dexscreener, config.dexscreener ?? {});
  const geckoterminal = createGeckoTerminalClient(
    accounts.geckoterminal,
    config.geckoterminal ?? {},
  );
  const moralis = createMoralisClient(accounts.moralis, config.moralis ?? {});
  const broadcast: Broadcast =
    config.broadcast ??
    (() =>
      Promise.reject(
        new MarketError('MARKET__NOT_CONFIGURED', {
          provider: 'jupiter',
          what: 'Swap v1 needs a broadcast',
        }),
      ));
  const swap = createSwapService(accounts.jupiter, jupiterConfig, broadcast);
  const guard = new PriceGuard();
  const sol = createSolPriceService({
    jupiter,
    geckoterminal,
    dexscreener,
    accounts,
    guard,
    clock,
  });
  const prices = createTokenPriceService({ jupiter, dexscreener, moralis, accounts, guard, clock });
  const banner = createTokenMarketDataService({
    geckoterminal,
    dexscreener,
    guard,
    accounts,
    clock,
    ...(config.lookupMetadata === undefined ? {} : { lookupMetadata: config.lookupMetadata }),
  });

  let shared: SharedPumpPortalFeed | null = null;

  return {
    jupiter,
    swap,
    dexscreener,
    geckoterminal,
    moralis,
    solPrice: (signal) => sol.solPrice(signal),
    tokenPrices: (mints, signal) => prices.tokenPrices(mints, signal),
    tokenMarketData: (mint, signal) => banner.tokenMarketData(mint, signal),
    searchTokens: (query, signal) => searchTokens(dexscreener, query, undefined, signal),
    trending: (signal) => trendingTokens(dexscreener, signal),
    pumpPortal() {
      shared ??= sharedFeed();
      return shared;
    },
    stats() {
      const http = (['jupiter', 'dexscreener', 'geckoterminal', 'moralis'] as const).map((p) =>
        accounts[p].stats(),
      );
      if (shared === null) return http;
      const feed = shared.stats();
      return [
        ...http,
        {
          provider: 'pumpportal' as const,
          calls: feed.connects + feed.failedConnects,
          cacheHits: 0,
          rateLimited: 0,
          errors: feed.failedConnects + feed.dropped,
          timeouts: 0,
          lastError: feed.lastError,
          lastErrorAt: null,
          coolingDownMs: 0,
        },
      ];
    },
    close() {
      shared?.close();
    },
  };

  function sharedFeed(): SharedPumpPortalFeed {
    const listeners = new Set<(event: PumpEvent) => void>();
    const watchers = new Set<(status: FeedStatus) => void>();
    const feed = createPumpPortalFeed({
      clock,
      onEvent: (event) => {
        for (const listener of listeners) listener(event);
      },
      onStatus: (status) => {
        for (const watcher of watchers) watcher(status);
      },
      ...(config.pumpportal?.url === undefined ? {} : { url: config.pumpportal.url }),
    });
    return {
      ...feed,
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      watch(watcher) {
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
    };
  }
}
