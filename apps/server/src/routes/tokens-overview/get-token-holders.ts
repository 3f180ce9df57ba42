import { tokenHoldersParamsSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/token/{mint}/holders` (spec 2 §2.5 holders dialog, §3 Holder; issue 20): the session's
 * tenant's active wallets holding an account of the mint. A mint that is not an address is a 400;
 * a real one the fleet does not hold answers an empty list (the dialog's 'No holders found.'),
 * since the header search offers market tokens the fleet may not hold.
 */
export function getTokenHoldersRoute(
  app: FastifyInstance,
  { sessions, tokensOverview }: Services,
): void {
  app.get('/token/:mint/holders', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { mint } = tokenHoldersParamsSchema.parse(request.params);
    void reply.header('cache-control', 'no-store');
    return tokensOverview.holders(actor, mint);
  });
}
