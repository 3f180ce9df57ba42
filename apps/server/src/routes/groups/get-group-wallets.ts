import { FleetError } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { groupParamsSchema } from './group-params';

/** `GET /api/groups/:id/wallets`: a custom or computed group and its active wallets. */
export function getGroupWalletsRoute(app: FastifyInstance, { sessions, groups }: Services): void {
  app.get('/groups/:id/wallets', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const params = groupParamsSchema.safeParse(request.params);
    if (!params.success) throw new FleetError('GROUP__NOT_FOUND');
    void reply.header('cache-control', 'no-store');
    return groups.wallets(actor, params.data.id);
  });
}
