// The data providers (DexScreener, GeckoTerminal, Moralis) and the PumpPortal stream as the
// market's router mounts them: the providers are pure functions of the market and one request,
// the router owns sockets, rate limits and faults; this file is the seam between the two.

import type { MarketView } from '../market-model.js';
import type { MarketResponse, ProviderHandler } from '../http/market-request.js';
import type { ProviderHandler as DataProviderHandler } from './data-provider-handler.js';
import { DATA_PROVIDERS, PUBLISHED_RATE_LIMITS } from './data-provider-registry.js';
import { createPumpPortalServer, PUMPPORTAL_PATH } from './pumpportal/pumpportal-server.js';
import type { FaultProfile } from '../../faults/fault-profile.js';

/** A data provider behind the router: the body parsed as JSON, the market's clock passed on. */
function mounted(
  view: MarketView,
  handler: DataProviderHandler,
  now: () => number,
): ProviderHandler {
  return {
    handle(request): MarketResponse {
      let body: unknown;
      if (request.rawBody !== '') {
        try {
          body = JSON.parse(request.rawBody) as unknown;
        } catch {
          return { status: 400, json: { error: 'The request body is not valid JSON' } };
        }
      }
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const response = handler(view, {
        method: request.method,
        path: request.path,
        query: request.query,
        headers,
        ...(body === undefined ? {} : { body }),
        nowMs: now(),
      });
      return { status: response.status, headers: response.headers, json: response.body };
    },
  };
}

/** The PumpPortal websocket at `<base>/pumpportal/api/data`; plain HTTP there is refused. */
function pumpPortal(
  view: MarketView,
  basePath: string,
  onError: (error: unknown) => void,
): ProviderHandler {
  const stream = createPumpPortalServer(view, { path: `${basePath}${PUMPPORTAL_PATH}`, onError });
  return {
    handle: () => ({ status: 426, json: { error: 'PumpPortal data is a WebSocket stream' } }),
    upgrade(req, socket, head) {
      if (!stream.handleUpgrade(req, socket, head)) socket.destroy();
    },
    close: () => stream.close(),
  };
}

/**
 * A provider's published overall limit as the router's fault profile (requests per second). The
 * router limits exact paths only, so DexScreener's lower limit on its boosts and profiles is
 * left to its overall one.
 */
function publishedProfile(prefix: string): FaultProfile {
  const overall = (PUBLISHED_RATE_LIMITS[`/${prefix}`] ?? []).find((limit) => limit.path === '');
  return overall ? { rps: overall.requestsPerMinute / 60 } : {};
}

/** Every data provider and the PumpPortal stream, by the prefix the router serves them at. */
export function mountedDataProviders(deps: {
  readonly view: MarketView;
  readonly basePath: string;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}): readonly (readonly [string, ProviderHandler, FaultProfile])[] {
  return [
    ...Object.entries(DATA_PROVIDERS).map(([prefix, handler]) => {
      const name = prefix.replace(/^\//, '');
      return [name, mounted(deps.view, handler, deps.now), publishedProfile(name)] as const;
    }),
    ['pumpportal', pumpPortal(deps.view, deps.basePath, deps.onError), {}] as const,
  ];
}
