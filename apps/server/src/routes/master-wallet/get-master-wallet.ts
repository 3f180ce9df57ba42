import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { sessionActor } from '../../http/actor';

/** `GET /api/master-wallet`: the address (never the key); 404 when none is set. */
export function getMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: Services,
): void {
  app.get('/master-wallet', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.get(await sessionActor(request, sessions));
  });
}
