import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/seed-groups`: the tenant's seed groups and its fingerprint salt. */
export function getSeedGroupsRoute(app: FastifyInstance, { sessions, seedGroups }: Services): void {
  app.get('/seed-groups', async (request) => {
    const actor = await sessionActor(request, sessions);
    return seedGroups.listSeedGroups(actor);
  });
}
