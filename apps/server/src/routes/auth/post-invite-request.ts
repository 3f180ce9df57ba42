import { inviteRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../auth/request-session';
import type { Services } from '../../services';

/** `POST /api/auth/invite-request { email, captchaToken }`: 201 new, 202 in progress, 409 has an account. */
export function postInviteRequestRoute(app: FastifyInstance, { identity }: Services): void {
  app.post('/auth/invite-request', async (request, reply) => {
    const input = inviteRequestSchema.parse(request.body);
    const { status, ...body } = await identity.requestInvite(input, requestMeta(request));
    return reply.status(status).send(body);
  });
}
