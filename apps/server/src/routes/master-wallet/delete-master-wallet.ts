import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { sessionActor } from '../../http/actor';

/** `DELETE /api/master-wallet`: clears it (recorded as "cleared" in the history). */
export function deleteMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: Services,
): void {
  app.delete('/master-wallet', async (request) => {
    await masterWallet.clear(await sessionActor(request, sessions));
    return { success: true };
  });
}
