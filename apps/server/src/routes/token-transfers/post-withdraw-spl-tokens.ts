import { splTokensExecuteRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `POST /api/withdraw-spl-tokens { planId }` (spec 2 §7, planned first): runs the confirmed plan
 * as a job; `{ jobId, operationId }`.
 */
export function postWithdrawSplTokensRoute(
  app: FastifyInstance,
  { sessions, tokenTransferExecute }: Services,
): void {
  app.post('/withdraw-spl-tokens', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { planId } = splTokensExecuteRequestSchema.parse(request.body);
    void reply.code(202);
    return tokenTransferExecute.execute(actor, 'token.withdraw', planId);
  });
}
