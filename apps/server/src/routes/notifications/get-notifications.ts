import { notificationFeedQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../auth/request-session';
import type { Services } from '../../services';

/** `GET /api/notifications?since=`: the signed-in operator's server-side inbox entries, newest first. */
export function getNotificationsRoute(
  app: FastifyInstance,
  { sessions, joinFeed }: Services,
): void {
  app.get('/notifications', async (request, reply) => {
    const session = await requireSession(request, sessions);
    const query = notificationFeedQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return {
      notifications: await joinFeed.joinsFor(
        session,
        query.since === undefined ? undefined : new Date(query.since),
      ),
    };
  });
}
