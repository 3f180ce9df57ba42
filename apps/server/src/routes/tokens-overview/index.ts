import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getAggregatedTokensRoute } from './get-aggregated-tokens';
import { getTokenHoldersRoute } from './get-token-holders';
import { postTokenClassifyRoute } from './post-token-classify';

/** Registers the Tokens Overview routes under the prefix the caller chose (`/api`). */
export function registerTokensOverviewRoutes(api: FastifyInstance, services: Services): void {
  getAggregatedTokensRoute(api, services);
  getTokenHoldersRoute(api, services);
  postTokenClassifyRoute(api, services);
}
