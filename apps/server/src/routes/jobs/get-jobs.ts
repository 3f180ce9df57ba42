import { listJobsQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/jobs?active=true|false`: the tenant's queued and running jobs oldest first, or its
 * newest 50 of any status; each with the operation it runs. The bottom bar's indicator polls it.
 */
export function getJobsRoute(app: FastifyInstance, { sessions, jobs }: Services): void {
  app.get('/jobs', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = listJobsQuerySchema.parse(request.query);
    // Polled for live progress: a cached answer would freeze the indicator.
    void reply.header('cache-control', 'no-store');
    return jobs.list(actor, { active: query.active });
  });
}
