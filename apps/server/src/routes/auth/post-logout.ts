import type { FastifyInstance } from 'fastify';
import { requestMeta, sessionOf } from '../../auth/request-session';
import { sessionTokenOf } from '../../auth/session-cookie';
import type { Services } from '../../services';

/** `POST /api/auth/logout`: ends the session on the server, not only in the browser. */
export function postLogoutRoute(
  app: FastifyInstance,
  { identity, sessions, sessionCookies }: Services,
): void {
  app.post('/auth/logout', async (request, reply) => {
    const session = await sessionOf(request, sessions);
    await identity.logout(sessionTokenOf(request), session, requestMeta(request));
    sessionCookies.clear(request, reply);
    return { success: true };
  });
}
