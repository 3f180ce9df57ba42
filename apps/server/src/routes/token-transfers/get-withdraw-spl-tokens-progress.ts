import { jobIdQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/withdraw-spl-tokens/progress?jobId=`: spec 2 §7's progress, polled every 2 s. */
export function getWithdrawSplTokensProgressRoute(
  app: FastifyInstance,
  { sessions, tokenTransferProgress }: Services,
): void {
  app.get('/withdraw-spl-tokens/progress', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdQuerySchema.parse(request.query);
    return tokenTransferProgress.progress(actor, 'token.withdraw', jobId);
  });
}
