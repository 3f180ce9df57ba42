import { jobIdQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/double-distribution/progress?jobId=`: spec 3 §7, from the job and the ledger. */
export function getDoubleDistributionProgressRoute(
  app: FastifyInstance,
  { sessions, solProgress }: Services,
): void {
  app.get('/double-distribution/progress', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdQuerySchema.parse(request.query);
    return solProgress.doubleDistribution(actor, jobId);
  });
}
