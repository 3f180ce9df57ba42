import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { operationIdOf } from './operation-params';

/** `GET /api/operations/:id`: one operation with its items and transactions. */
export function getOperationRoute(app: FastifyInstance, { sessions, ledger }: Services): void {
  app.get('/operations/:id', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const id = operationIdOf(request.params);
    void reply.header('cache-control', 'no-store');
    return ledger.getOperation(actor, id);
  });
}
