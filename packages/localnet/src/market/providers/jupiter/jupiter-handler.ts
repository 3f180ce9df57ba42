// The Jupiter imitation under `/market/jupiter`: the paths of api.jup.ag (`/swap/v1/…`,
// `/swap/v2/…`, `/price/v3`). `x-api-key` is accepted and not checked unless `apiKey` is set,
// when a missing or different key gets Jupiter's 401.

import type { MarketRequest, MarketResponse, ProviderHandler } from '../../http/market-request.js';
import type { JupiterContext } from './jupiter-context.js';
import { getPrice } from './jupiter-price.js';
import { getQuote, postSwap, postSwapInstructions } from './jupiter-v1.js';
import { createSwapV2, type SwapV2 } from './jupiter-v2.js';
import { jupiterError } from './jupiter-wire.js';

export interface JupiterHandlerOptions {
  /** When set, requests must carry this `x-api-key`. */
  readonly apiKey?: string;
}

type Route = (request: MarketRequest) => MarketResponse | Promise<MarketResponse>;

export function jupiterHandler(
  ctx: JupiterContext,
  options: JupiterHandlerOptions = {},
): ProviderHandler {
  const v2: SwapV2 = createSwapV2(ctx);
  const routes: Readonly<Record<string, Route>> = {
    'GET /swap/v1/quote': (r) => getQuote(ctx, r),
    'POST /swap/v1/swap': (r) => postSwap(ctx, r),
    'POST /swap/v1/swap-instructions': (r) => postSwapInstructions(ctx, r),
    'GET /swap/v2/order': (r) => v2.order(r),
    'POST /swap/v2/execute': (r) => v2.execute(r),
    'GET /swap/v2/build': (r) => v2.build(r),
    'POST /swap/v2/submit': (r) => v2.submit(r),
    'GET /price/v3': (r) => getPrice(ctx, r),
  };
  return {
    handle(request) {
      if (options.apiKey !== undefined && request.headers['x-api-key'] !== options.apiKey) {
        return jupiterError(401, 'Unauthorized');
      }
      const path = request.path.length > 1 ? request.path.replace(/\/$/, '') : request.path;
      const route = routes[`${request.method} ${path}`];
      if (route !== undefined) return route(request);
      const known = Object.keys(routes).some((key) => key.endsWith(` ${path}`));
      return known
        ? jupiterError(405, `Method ${request.method} not allowed on ${path}`)
        : jupiterError(404, `Route ${path} not found`);
    },
  };
}
