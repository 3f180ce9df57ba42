import { FleetError } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { groupParamsSchema } from './group-params';

/** `DELETE /api/groups/:id`: deletes a custom group; its wallets stay as they are. */
export function deleteGroupRoute(app: FastifyInstance, { sessions, groups }: Services): void {
  app.delete('/groups/:id', async (request) => {
    const actor = await sessionActor(request, sessions);
    const params = groupParamsSchema.safeParse(request.params);
    if (!params.success) throw new FleetError('GROUP__NOT_FOUND');
    await groups.remove(actor, params.data.id);
    return { deleted: true as const };
  });
}
