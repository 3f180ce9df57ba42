import { assignTagsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';

/** `POST /api/tags/assign { walletIds, tagIds }`: all-or-nothing; `changed` = new assignments. */
export function postAssignTagsRoute(app: FastifyInstance, { sessions, tags }: Services): void {
  app.post('/tags/assign', { bodyLimit: WALLET_ID_LIST_BODY_LIMIT_BYTES }, async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = assignTagsRequestSchema.parse(request.body);
    return { changed: await tags.assign(actor, input) };
  });
}
