import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getValuationRoute } from './get-valuation';

/** Registers the valuation route under the prefix the caller chose (`/api`). */
export function registerValuationRoutes(api: FastifyInstance, services: Services): void {
  getValuationRoute(api, services);
}
