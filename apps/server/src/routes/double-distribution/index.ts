import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getDoubleDistributionProgressRoute } from './get-progress';
import { postDoubleDistributionAbortRoute } from './post-abort';
import { postDoubleDistributionPlanRoute } from './post-plan';
import { postDoubleDistributionStartRoute } from './post-start';

/** Registers spec 3 §7's double distribution routes (plus its plan) under `/api`. */
export function registerDoubleDistributionRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    postDoubleDistributionPlanRoute,
    postDoubleDistributionStartRoute,
    getDoubleDistributionProgressRoute,
    postDoubleDistributionAbortRoute,
  ]) {
    route(api, services);
  }
}
