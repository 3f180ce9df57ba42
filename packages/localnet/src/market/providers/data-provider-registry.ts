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
