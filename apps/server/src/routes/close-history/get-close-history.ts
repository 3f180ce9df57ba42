import { closeHistoryQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/close-history?cursor=&limit=&wallet=&mint=&from=&to=`: the session's tenant's closed
 * token accounts, newest first, a page at a time, with the totals of the whole filtered set.
 */
export function getCloseHistoryRoute(
  app: FastifyInstance,
  { sessions, closeHistory }: Services,
): void {
  app.get('/close-history', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = closeHistoryQuerySchema.parse(request.query);
    // Closes land while the page is open: never answer from a cache.
    void reply.header('cache-control', 'no-store');
    return closeHistory.page(actor, query);
  });
}
