import { activateRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../auth/request-session';
import type { Services } from '../../services';

/** `POST /api/auth/activate { token, password, licenseKey }`: the account, on the licence's tenant. */
export function postActivateRoute(
  app: FastifyInstance,
  { identity, sessionCookies }: Services,
): void {
  app.post('/auth/activate', async (request, reply) => {
    const input = activateRequestSchema.parse(request.body);
    const signedIn = await identity.activate(input, requestMeta(request));
    sessionCookies.set(request, reply, signedIn.token, signedIn.expiresAt);
    return reply.status(201).send(signedIn.session);
  });
}
