import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

const querySchema = z.object({
  withCounts: z
    .enum(['true', 'false'], { message: 'withCounts must be true or false' })
    .default('false'),
});

/** `GET /api/groups?withCounts=true`: computed groups, seed sources, then custom groups. */
export function getGroupsRoute(app: FastifyInstance, { sessions, groups }: Services): void {
  app.get('/groups', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = querySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return { groups: await groups.list(actor, query.withCounts === 'true') };
  });
}
