import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getCloseHistoryRoute } from './get-close-history';
import { getCloseHistoryCsvRoute } from './get-close-history-csv';

/** Registers the close history routes under the prefix the caller chose (`/api`). */
export function registerCloseHistoryRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getCloseHistoryRoute, getCloseHistoryCsvRoute]) route(api, services);
}
