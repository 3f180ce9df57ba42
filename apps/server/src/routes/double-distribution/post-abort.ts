import { jobIdBodySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/double-distribution/abort { jobId }`: no new legs; money at a middleman still moves on. */
export function postDoubleDistributionAbortRoute(
  app: FastifyInstance,
  { sessions, jobs }: Services,
): void {
  app.post('/double-distribution/abort', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdBodySchema.parse(request.body);
    return jobs.requestAbort(actor, jobId);
  });
}
