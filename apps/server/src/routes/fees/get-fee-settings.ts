import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/settings/fees`: the server's unit price, the tenant's cap and the price it bids. */
export function getFeeSettingsRoute(
  app: FastifyInstance,
  { sessions, feeSettings }: Services,
): void {
  app.get('/settings/fees', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    // Another operator of the tenant may change the cap: never answer from a cache.
    void reply.header('cache-control', 'no-store');
    return feeSettings.read(actor);
  });
}
