import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { jobIdOf } from './job-params';

/** `GET /api/jobs/:id`: a job of whatever kind, its progress, report and newest log lines. */
export function getJobRoute(app: FastifyInstance, { sessions, jobs }: Services): void {
  app.get('/jobs/:id', async (request) => {
    const actor = await sessionActor(request, sessions);
    return jobs.get(actor, jobIdOf(request.params));
  });
}
