import { updateTagRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { tagIdOf } from './tag-params';

/** `PATCH /api/tags/:id { name?, color?, description? }`: edits a custom tag (Manage Tags). */
export function patchTagRoute(app: FastifyInstance, { sessions, tags }: Services): void {
  app.patch('/tags/:id', async (request) => {
    const actor = await sessionActor(request, sessions);
    const tagId = tagIdOf(request.params);
    const input = updateTagRequestSchema.parse(request.body);
    return { tag: await tags.update(actor, tagId, input) };
  });
}
