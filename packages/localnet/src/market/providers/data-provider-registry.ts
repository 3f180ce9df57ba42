// The data providers the sandbox serves over HTTP, by path prefix, for the market's router to
// mount (PumpPortal is a websocket: see pumpportal/pumpportal-server.ts).

import type { ProviderHandler } from './data-provider-handler.js';
import { dexScreenerHandler } from './dexscreener/dexscreener-handler.js';
import { geckoTerminalHandler } from './geckoterminal/geckoterminal-handler.js';
import { moralisHandler } from './moralis/moralis-handler.js';

export const DATA_PROVIDERS: Readonly<Record<string, ProviderHandler>> = Object.freeze({
  '/dexscreener': dexScreenerHandler,
  '/geckoterminal': geckoTerminalHandler,
  '/moralis': moralisHandler,
});

export interface PublishedLimit {
  /** Path prefix after the provider's own prefix; '' for every path. */
  readonly path: string;
  readonly requestsPerMinute: number;
}

/**
 * The providers' published free-tier limits, for the router's default rate profiles:
 * DexScreener (https://docs.dexscreener.com/api/reference) 60 requests/minute on token
 * profiles and boosts, 300 on pairs, tokens and search; GeckoTerminal's public API
 * (https://www.geckoterminal.com/dex-api) 30 calls/minute. Moralis meters compute units per
 * plan rather than requests, so it has no entry here.
 */
export const PUBLISHED_RATE_LIMITS: Readonly<Record<string, readonly PublishedLimit[]>> =
  Object.freeze({
    '/dexscreener': [
      { path: '/token-boosts', requestsPerMinute: 60 },
      { path: '/token-profiles', requestsPerMinute: 60 },
      { path: '', requestsPerMinute: 300 },
    ],
    '/geckoterminal': [{ path: '', requestsPerMinute: 30 }],
  });
