import { FleetError, renameSeedGroupRequestSchema, seedGroupIdSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

const paramsSchema = z.object({ id: seedGroupIdSchema() });

/** `PATCH /api/seed-groups/:id { label }`: renames one of this tenant's groups. */
export function patchSeedGroupRoute(
  app: FastifyInstance,
  { sessions, seedGroups }: Services,
): void {
  app.patch('/seed-groups/:id', async (request) => {
    const actor = await sessionActor(request, sessions);
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw new FleetError('SEED_GROUP__NOT_FOUND');
    const input = renameSeedGroupRequestSchema.parse(request.body);
    return seedGroups.renameSeedGroup(actor, params.data.id, input.label);
  });
}
