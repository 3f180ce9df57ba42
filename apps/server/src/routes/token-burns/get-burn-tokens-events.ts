import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { replyWithCloseEvents } from '../token-closes/close-events-reply';

const paramsSchema = z.object({ jobId: z.string().uuid('Invalid job id') });

/** `GET /api/solana/burn-tokens/:jobId/events`: re-attaches to a burn, from its first event. */
export function getBurnTokensEventsRoute(
  app: FastifyInstance,
  { sessions, burnStream }: Services,
): void {
  app.get('/solana/burn-tokens/:jobId/events', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = paramsSchema.parse(request.params);
    return replyWithCloseEvents(request, reply, (emit, signal) =>
      burnStream.follow(actor, jobId, emit, signal),
    );
  });
}
