import { jobIdQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/distribute-spl-tokens/progress?jobId=`: the withdrawal's progress shape. */
export function getDistributeSplTokensProgressRoute(
  app: FastifyInstance,
  { sessions, tokenTransferProgress }: Services,
): void {
  app.get('/distribute-spl-tokens/progress', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdQuerySchema.parse(request.query);
    return tokenTransferProgress.progress(actor, 'token.distribute', jobId);
  });
}
