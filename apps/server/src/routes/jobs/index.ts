import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getJobRoute } from './get-job';
import { getJobsRoute } from './get-jobs';
import { postAbortJobRoute } from './post-abort-job';

/** Registers the jobs routes under the prefix the caller chose (`/api`). */
export function registerJobsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getJobsRoute, getJobRoute, postAbortJobRoute]) route(api, services);
}
