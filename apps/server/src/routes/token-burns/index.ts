import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getBurnTokensEventsRoute } from './get-burn-tokens-events';
import { postBurnTokensPlanRoute } from './post-burn-tokens-plan';
import { postBurnTokensRoute } from './post-burn-tokens';

/** Registers the burn-dust routes under the prefix the caller chose (`/api`). */
export function registerTokenBurnsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [postBurnTokensPlanRoute, postBurnTokensRoute, getBurnTokensEventsRoute]) {
    route(api, services);
  }
}
