import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/archived-wallets`: `{ wallets: [{ id, public_address, archived_at }] }`, newest first. */
export function getArchivedWalletsRoute(
  app: FastifyInstance,
  { sessions, walletLifecycle }: Services,
): void {
  app.get('/archived-wallets', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return { wallets: await walletLifecycle.listArchived(actor) };
  });
}
