import { burnTokensExecuteRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { replyWithCloseEvents, wantsEventStream } from '../token-closes/close-events-reply';

/**
 * `POST /api/solana/burn-tokens { planId }` (spec 2 §7): burns the planned dust and closes its
 * accounts as a job; with `Accept: text/event-stream` the events start, wallet, error and done as
 * they happen, otherwise the same events and the final figures buffered as JSON once the job ends.
 */
export function postBurnTokensRoute(
  app: FastifyInstance,
  { sessions, burnStream }: Services,
): void {
  app.post('/solana/burn-tokens', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { planId } = burnTokensExecuteRequestSchema.parse(request.body);
    if (!wantsEventStream(request)) return burnStream.runBuffered(actor, planId);
    return replyWithCloseEvents(request, reply, (emit, signal) =>
      burnStream.run(actor, planId, emit, signal),
    );
  });
}
