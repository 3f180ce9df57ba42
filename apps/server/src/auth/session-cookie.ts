import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'fleet_session';

/** The token from the httpOnly cookie, or from `Authorization: Bearer …` for scripts. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer '))
    return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
  });
}
