import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-services';
import { sessionActor } from './session-actor';

/** `GET /api/master-wallet/balance`: lamports from the chain, as a decimal string; polled every 10 s. */
export function getMasterBalanceRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: RouteServices,
): void {
  app.get('/master-wallet/balance', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.balance(await sessionActor(request, sessions));
  });
}
