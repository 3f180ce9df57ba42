import { createSeedGroupRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/seed-groups { label?, seedFingerprint, derivationScheme }`: idempotent per seed. */
export function postSeedGroupRoute(app: FastifyInstance, { sessions, seedGroups }: Services): void {
  app.post('/seed-groups', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = createSeedGroupRequestSchema.parse(request.body);
    return seedGroups.createSeedGroup(actor, input);
  });
}
