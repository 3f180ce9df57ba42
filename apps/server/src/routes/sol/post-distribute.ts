import { executePlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/sol/distribute { planId }`: runs the confirmed plan as a job; `{ jobId, operationId }`. */
export function postDistributeRoute(
  app: FastifyInstance,
  { sessions, solExecute }: Services,
): void {
  app.post('/sol/distribute', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { planId } = executePlanRequestSchema.parse(request.body);
    void reply.code(202);
    return solExecute.execute(actor, 'sol.distribute', planId);
  });
}
