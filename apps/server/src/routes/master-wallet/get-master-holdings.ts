import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { sessionActor } from '../../http/actor';

/**
 * `GET /api/master-wallet/holdings`: SOL and tokens the master holds on chain, for the warning
 * before it is replaced or cleared. Read on demand, never cached.
 */
export function getMasterHoldingsRoute(
  app: FastifyInstance,
  { sessions, masterHoldings }: Services,
): void {
  app.get('/master-wallet/holdings', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterHoldings.read(await sessionActor(request, sessions));
  });
}
