import { searchQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/search?q&limit`: wallets, tags, groups and tokens matching `q` (3 to 128 chars). */
export function getSearchRoute(app: FastifyInstance, { sessions, search }: Services): void {
  app.get('/search', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = searchQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return search.search(actor, query.q, query.limit);
  });
}
