import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { tagIdOf } from './tag-params';

/** `DELETE /api/tags/:id`: removes a custom tag from every wallet and deletes it. */
export function deleteTagRoute(app: FastifyInstance, { sessions, tags }: Services): void {
  app.delete('/tags/:id', async (request) => {
    const actor = await sessionActor(request, sessions);
    await tags.remove(actor, tagIdOf(request.params));
    return { deleted: true as const };
  });
}
