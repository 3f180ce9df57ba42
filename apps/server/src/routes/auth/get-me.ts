import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../auth/request-session';
import type { Services } from '../../services';

/** `GET /api/auth/me`: who is signed in (401 when nobody is). */
export function getMeRoute(app: FastifyInstance, { sessions, identity }: Services): void {
  app.get('/auth/me', async (request, reply) => {
    const session = await requireSession(request, sessions);
    void reply.header('cache-control', 'no-store');
    return identity.toSessionResponse(session);
  });
}
