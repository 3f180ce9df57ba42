import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { sessionActor } from '../../http/actor';

/** `POST /api/master-wallet/reveal`: the one way the private key leaves the server; audited. */
export function postRevealMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: Services,
): void {
  app.post('/master-wallet/reveal', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.reveal(await sessionActor(request, sessions));
  });
}
