import { createGroupRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';

/** `POST /api/groups { group_name, color, description, walletIds }`: a custom group. */
export function postGroupRoute(app: FastifyInstance, { sessions, groups }: Services): void {
  app.post('/groups', { bodyLimit: WALLET_ID_LIST_BODY_LIMIT_BYTES }, async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const input = createGroupRequestSchema.parse(request.body);
    return reply.code(201).send({ group: await groups.create(actor, input) });
  });
}
