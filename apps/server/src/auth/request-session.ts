import { FleetError } from '@fleet/core';
import type { FastifyRequest } from 'fastify';
import { sessionTokenOf } from './session-cookie';
import type { AuthenticatedSession, SessionStore } from './session-store';

const resolved = new WeakMap<FastifyRequest, Promise<AuthenticatedSession | null>>();

/** The request's session, looked up once per request and only by routes that need one. */
export function sessionOf(
  request: FastifyRequest,
  store: SessionStore,
): Promise<AuthenticatedSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = sessionTokenOf(request);
    pending = token ? store.resolve(token) : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

/** Every tenant route starts here: no session, no data (401, and the web app goes to /login). */
export async function requireSession(
  request: FastifyRequest,
  store: SessionStore,
): Promise<AuthenticatedSession> {
  const session = await sessionOf(request, store);
  if (!session) throw new FleetError('AUTH__NOT_SIGNED_IN');
  return session;
}

export function requestMeta(request: FastifyRequest): {
  ip: string | undefined;
  userAgent: string | undefined;
} {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}
