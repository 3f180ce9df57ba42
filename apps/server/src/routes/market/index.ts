import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getSolPriceRoute } from './get-sol-price';
import { getTokenPricesRoute } from './get-token-prices';

/** Registers the market routes under the prefix the caller chose (`/api`). */
export function registerMarketRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getTokenPricesRoute, getSolPriceRoute]) route(api, services);
}
