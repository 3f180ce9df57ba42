import { createGroupRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../master-wallet/session-actor';
import type { RouteServices } from '../route-services';

/** `POST /api/groups { group_name, color, description, walletIds }`: a custom group. */
export function postGroupRoute(app: FastifyInstance, { sessions, groups }: RouteServices): void {
  app.post('/groups', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const input = createGroupRequestSchema.parse(request.body);
    return reply.code(201).send({ group: await groups.create(actor, input) });
  });
}
