import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-services';
import { sessionActor } from './session-actor';

/** `GET /api/master-wallet`: the address (never the key); 404 when none is set. */
export function getMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: RouteServices,
): void {
  app.get('/master-wallet', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.get(await sessionActor(request, sessions));
  });
}
