import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getSearchRoute } from './get-search';

/** Registers the search routes under the prefix the caller chose (`/api`). */
export function registerSearchRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getSearchRoute]) route(api, services);
}
