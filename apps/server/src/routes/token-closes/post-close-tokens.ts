import { closeTokensExecuteRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { replyWithCloseEvents, wantsEventStream } from './close-events-reply';

/**
 * `POST /api/solana/close-tokens { planId }` (spec 2 §7): closes the planned accounts as a job;
 * with `Accept: text/event-stream` the events start, wallet, error and done as they happen,
 * otherwise the same events and the final figures buffered as JSON once the job ends.
 */
export function postCloseTokensRoute(
  app: FastifyInstance,
  { sessions, closeStream }: Services,
): void {
  app.post('/solana/close-tokens', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { planId } = closeTokensExecuteRequestSchema.parse(request.body);
    if (!wantsEventStream(request)) return closeStream.runBuffered(actor, planId);
    return replyWithCloseEvents(request, reply, (emit, signal) =>
      closeStream.run(actor, planId, emit, signal),
    );
  });
}
