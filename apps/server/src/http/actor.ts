import type { FastifyRequest } from 'fastify';
import { requireSession } from '../auth/request-session';
import type { AuthenticatedSession, SessionStore } from '../auth/session-store';

/**
 * Who acts in a service call: the tenant whose data it touches, the user the audit names, and the
 * address the request came from. Services take this, not the request.
 */
export type Actor = Pick<AuthenticatedSession, 'tenantId' | 'user'> & {
  readonly ip?: string | undefined;
};

/** The signed-in operator behind a request, with the address the request came from (401 without). */
export async function sessionActor(
  request: FastifyRequest,
  sessions: SessionStore,
): Promise<AuthenticatedSession & { readonly ip: string }> {
  return { ...(await requireSession(request, sessions)), ip: request.ip };
}
