import { newPasswordSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestMeta, requireSession } from '../../auth/request-session';
import type { Services } from '../../services';

const bodySchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(128),
  newPassword: newPasswordSchema,
});

/** `POST /api/auth/password`: every session of the account ends; this browser gets a new one. */
export function postPasswordRoute(
  app: FastifyInstance,
  { identity, sessions, sessionCookies }: Services,
): void {
  app.post('/auth/password', async (request, reply) => {
    const session = await requireSession(request, sessions);
    const input = bodySchema.parse(request.body);
    const signedIn = await identity.changePassword(session, input, requestMeta(request));
    sessionCookies.set(request, reply, signedIn.token, signedIn.expiresAt);
    return signedIn.session;
  });
}
