import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-services';
import { sessionActor } from './session-actor';

/** `DELETE /api/master-wallet`: clears it (recorded as "cleared" in the history). */
export function deleteMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: RouteServices,
): void {
  app.delete('/master-wallet', async (request) => {
    await masterWallet.clear(await sessionActor(request, sessions));
    return { success: true };
  });
}
