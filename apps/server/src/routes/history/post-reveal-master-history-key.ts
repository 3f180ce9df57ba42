import { masterHistoryEntryParamsSchema, revealMasterHistoryKeyRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `POST /api/history/master-wallet/{id}/reveal { side }`: the key a history entry kept on its
 * `previous` or `new` side. Audited, under the user's key-request limit, never cached.
 */
export function postRevealMasterHistoryKeyRoute(
  app: FastifyInstance,
  { sessions, masterHistoryKeys }: Services,
): void {
  app.post('/history/master-wallet/:id/reveal', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { id } = masterHistoryEntryParamsSchema.parse(request.params);
    const { side } = revealMasterHistoryKeyRequestSchema.parse(request.body);
    void reply.header('cache-control', 'no-store');
    return masterHistoryKeys.reveal(actor, { entryId: id, side });
  });
}
