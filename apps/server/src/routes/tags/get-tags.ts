import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/tags`: every tag of the tenant with its count of active wallets. */
export function getTagsRoute(app: FastifyInstance, { sessions, tags }: Services): void {
  app.get('/tags', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    // Counts change with every assignment: the Manage Tags dialog must never see a stale list.
    void reply.header('cache-control', 'no-store');
    return { tags: await tags.list(actor) };
  });
}
