import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getValuationRoute } from './get-valuation';
import { getWalletValuesRoute } from './get-wallet-values';

/** Registers the valuation routes under the prefix the caller chose (`/api`). */
export function registerValuationRoutes(api: FastifyInstance, services: Services): void {
  getValuationRoute(api, services);
  getWalletValuesRoute(api, services);
}
