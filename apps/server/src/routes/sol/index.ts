import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { postAggregatePlanRoute } from './post-aggregate-plan';
import { postAggregateRoute } from './post-aggregate';
import { postDistributePlanRoute } from './post-distribute-plan';
import { postDistributeRoute } from './post-distribute';

/** Registers the SOL operation routes under the prefix the caller chose (`/api`). */
export function registerSolRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    postDistributePlanRoute,
    postDistributeRoute,
    postAggregatePlanRoute,
    postAggregateRoute,
  ]) {
    route(api, services);
  }
}
