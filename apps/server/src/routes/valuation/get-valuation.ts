import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/valuation` (spec 1 §7, no-store; spec 2 §3): the session's tenant's wallets, tokens,
 * closable accounts and portfolio valued at the market's prices, with the highlights.
 */
export function getValuationRoute(app: FastifyInstance, { sessions, valuation }: Services): void {
  app.get('/valuation', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return valuation.valuation(actor);
  });
}
