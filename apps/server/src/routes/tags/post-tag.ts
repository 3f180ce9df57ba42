import { createTagRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/tags { name, color, description }`: a custom tag, 409 when its name is taken. */
export function postTagRoute(app: FastifyInstance, { sessions, tags }: Services): void {
  app.post('/tags', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const input = createTagRequestSchema.parse(request.body);
    const tag = await tags.create(actor, input);
    return reply.code(201).send({ tag });
  });
}
