import { FleetError, updateGroupRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';
import { groupParamsSchema } from './group-params';

/** `PATCH /api/groups/:id`: rename, recolour, describe, add or remove wallets (custom groups). */
export function patchGroupRoute(app: FastifyInstance, { sessions, groups }: Services): void {
  // Two lists of wallet ids (add and remove), each as long as the contract allows.
  app.patch('/groups/:id', { bodyLimit: 2 * WALLET_ID_LIST_BODY_LIMIT_BYTES }, async (request) => {
    const actor = await sessionActor(request, sessions);
    const params = groupParamsSchema.safeParse(request.params);
    if (!params.success) throw new FleetError('GROUP__NOT_FOUND');
    const input = updateGroupRequestSchema.parse(request.body);
    return { group: await groups.update(actor, params.data.id, input) };
  });
}
