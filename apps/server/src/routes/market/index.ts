import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getSolPriceRoute } from './get-sol-price';
import { getTokenPricesRoute } from './get-token-prices';
import { postMarketRefreshRoute } from './post-market-refresh';

/** Registers the market routes under the prefix the caller chose (`/api`). */
export function registerMarketRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getTokenPricesRoute, getSolPriceRoute, postMarketRefreshRoute])
    route(api, services);
}
