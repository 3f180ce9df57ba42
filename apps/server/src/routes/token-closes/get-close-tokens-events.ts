import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { replyWithCloseEvents } from './close-events-reply';

const paramsSchema = z.object({ jobId: z.string().uuid('Invalid job id') });

/** `GET /api/solana/close-tokens/:jobId/events`: re-attaches to a close, from its first event. */
export function getCloseTokensEventsRoute(
  app: FastifyInstance,
  { sessions, closeStream }: Services,
): void {
  app.get('/solana/close-tokens/:jobId/events', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = paramsSchema.parse(request.params);
    return replyWithCloseEvents(request, reply, (emit, signal) =>
      closeStream.follow(actor, jobId, emit, signal),
    );
  });
}
