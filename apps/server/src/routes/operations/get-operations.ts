import { listOperationsQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/operations?kind=&cursor=&limit=`: the tenant's money operations, newest first. */
export function getOperationsRoute(app: FastifyInstance, { sessions, ledger }: Services): void {
  app.get('/operations', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = listOperationsQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return ledger.listOperations(actor, query);
  });
}
