import { splTokensExecuteRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/distribute-spl-tokens { planId }`: runs the confirmed plan as a job. */
export function postDistributeSplTokensRoute(
  app: FastifyInstance,
  { sessions, tokenTransferExecute }: Services,
): void {
  app.post('/distribute-spl-tokens', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { planId } = splTokensExecuteRequestSchema.parse(request.body);
    void reply.code(202);
    return tokenTransferExecute.execute(actor, 'token.distribute', planId);
  });
}
