// A whole market against one loopback server: each provider answers under its own prefix, as the
// sandbox does (`/jupiter/price/v3`, `/dexscreener/...`, `/geckoterminal/api/v2/...`, `/moralis/...`).

import type { Clock } from '@fleet/core';

import { createMarket, type Market, type MarketConfig } from '../create-market';
import type { FetchLike } from '../http/fetch-like';
import { startFakeProvider, type FakeProviderServer } from './fake-provider-server';

export interface MarketTestBed {
  readonly server: FakeProviderServer;
  readonly market: Market;
  /** Requests seen under one provider's prefix. */
  calls(prefix: 'jupiter' | 'dexscreener' | 'geckoterminal' | 'moralis'): number;
  close(): Promise<void>;
}

export async function startMarketTestBed(
  clock: Clock,
  fetchLike: FetchLike,
  extra: Partial<MarketConfig> = {},
): Promise<MarketTestBed> {
  const server = await startFakeProvider(() => clock.now());
  const market = createMarket({
    fetch: fetchLike,
    clock,
    jupiter: { baseUrl: `${server.url}/jupiter`, apiKey: 'jup-key' },
    dexscreener: { baseUrl: `${server.url}/dexscreener` },
    geckoterminal: { baseUrl: `${server.url}/geckoterminal` },
    moralis: { baseUrl: `${server.url}/moralis`, apiKey: 'moralis-key' },
    ...extra,
  });
  return {
    server,
    market,
    calls: (prefix) => server.requests.filter((r) => r.path.startsWith(`/${prefix}/`)).length,
    close: () => server.close(),
  };
}
