import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../auth/request-session';
import type { SessionStore } from '../../auth/session-store';

/** The signed-in operator behind a request, with the address the request came from (for the audit). */
export async function sessionActor(request: FastifyRequest, sessions: SessionStore) {
  return { ...(await requireSession(request, sessions)), ip: request.ip };
}
