import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { jobIdOf } from './job-params';

/**
 * `POST /api/jobs/:id/abort`: asks the job to stop; a queued job is cancelled at once, a running
 * one at its handler's next check. Answers the job as `GET /api/jobs/:id` does.
 */
export function postAbortJobRoute(app: FastifyInstance, { sessions, jobs }: Services): void {
  app.post('/jobs/:id/abort', async (request) => {
    const actor = await sessionActor(request, sessions);
    return jobs.requestAbort(actor, jobIdOf(request.params));
  });
}
