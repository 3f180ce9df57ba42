import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getCloseTokensForecastRoute } from './get-close-tokens-forecast';
import { getCloseTokensEventsRoute } from './get-close-tokens-events';
import { postCloseTokensPlanRoute } from './post-close-tokens-plan';
import { postCloseTokensRoute } from './post-close-tokens';

/** Registers the token-close routes under the prefix the caller chose (`/api`). */
export function registerTokenClosesRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    postCloseTokensPlanRoute,
    getCloseTokensForecastRoute,
    postCloseTokensRoute,
    getCloseTokensEventsRoute,
  ]) {
    route(api, services);
  }
}
