import { masterHistoryQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/history/master-wallet?limit&before`: 25 a page, newest first, with a cursor. */
export function getMasterWalletHistoryRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: Services,
): void {
  app.get('/history/master-wallet', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = masterHistoryQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return masterWallet.history(actor, query);
  });
}
