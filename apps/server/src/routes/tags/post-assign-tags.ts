import { assignTagsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../master-wallet/session-actor';
import type { RouteServices } from '../route-services';

/** `POST /api/tags/assign { walletIds, tagIds }`: all-or-nothing; `changed` = new assignments. */
export function postAssignTagsRoute(app: FastifyInstance, { sessions, tags }: RouteServices): void {
  app.post('/tags/assign', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = assignTagsRequestSchema.parse(request.body);
    return { changed: await tags.assign(actor, input) };
  });
}
