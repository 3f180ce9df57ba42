import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/valuation/wallets` (no-store): each wallet's token value at the prices of
 * `GET /api/valuation`, for the wallet table's value columns (spec 2 §2.1).
 */
export function getWalletValuesRoute(
  app: FastifyInstance,
  { sessions, valuation }: Services,
): void {
  app.get('/valuation/wallets', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return valuation.walletValues(actor);
  });
}
