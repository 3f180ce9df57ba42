import { loginRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../auth/request-session';
import type { Services } from '../../services';

/** `POST /api/auth/login { email, password }`: a new session token in an httpOnly cookie. */
export function postLoginRoute(app: FastifyInstance, { identity, sessionCookies }: Services): void {
  app.post('/auth/login', async (request, reply) => {
    const input = loginRequestSchema.parse(request.body);
    const signedIn = await identity.login(input, requestMeta(request));
    sessionCookies.set(request, reply, signedIn.token, signedIn.expiresAt);
    return signedIn.session;
  });
}
