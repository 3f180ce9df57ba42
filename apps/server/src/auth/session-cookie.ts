import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'fleet_session';

/** The token from the httpOnly cookie, or from `Authorization: Bearer …` for scripts. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer '))
    return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

export interface SessionCookies {
  set(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The session cookie: `HttpOnly; SameSite=Strict; Path=/`, and `Secure` when Fleet's public URL
 * is https (behind a TLS-terminating proxy the last hop is plain http, but the browser's is not)
 * or when the request came over https as far as the trusted proxies say (`request.protocol`
 * reads `X-Forwarded-Proto` only from a trusted proxy).
 */
export function createSessionCookies(context: {
  readonly publicUrl: string | undefined;
}): SessionCookies {
  const publicHttps = context.publicUrl?.startsWith('https://') ?? false;
  const options = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: publicHttps || request.protocol === 'https',
  });
  return {
    set(request, reply, token, expiresAt) {
      void reply.setCookie(SESSION_COOKIE, token, { ...options(request), expires: expiresAt });
    },
    clear(request, reply) {
      void reply.clearCookie(SESSION_COOKIE, options(request));
    },
  };
}
