import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/scan/details`: the RPC pool's stats (shared by every tenant: endpoints are the
 * server's, not the tenant's) and this tenant's last scan summary and log lines. Polled every
 * 2 s while the Scan Details dialog is open.
 */
export function getScanDetailsRoute(
  app: FastifyInstance,
  { sessions, scanDetails }: Services,
): void {
  app.get('/scan/details', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return scanDetails.details(actor.tenantId);
  });
}
