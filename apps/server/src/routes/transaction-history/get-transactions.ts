import { transactionHistoryQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/transactions?filter=&cursor=&limit=&wallet=`: the fleet's transactions, newest first. */
export function getTransactionsRoute(
  app: FastifyInstance,
  { sessions, transactionHistory }: Services,
): void {
  app.get('/transactions', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = transactionHistoryQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return transactionHistory.page(actor, query);
  });
}
