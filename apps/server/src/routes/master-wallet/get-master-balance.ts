import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { sessionActor } from '../../http/actor';

/** `GET /api/master-wallet/balance`: lamports from the chain, as a decimal string; polled every 10 s. */
export function getMasterBalanceRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: Services,
): void {
  app.get('/master-wallet/balance', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.balance(await sessionActor(request, sessions));
  });
}
