import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../master-wallet/session-actor';
import type { RouteServices } from '../route-services';

/** `GET /api/archived-wallets`: `{ wallets: [{ id, public_address, archived_at }] }`, newest first. */
export function getArchivedWalletsRoute(
  app: FastifyInstance,
  { sessions, walletLifecycle }: RouteServices,
): void {
  app.get('/archived-wallets', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return { wallets: await walletLifecycle.listArchived(actor) };
  });
}
