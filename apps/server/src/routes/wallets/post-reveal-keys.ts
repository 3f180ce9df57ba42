import { revealKeysRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/wallets/reveal-keys { walletIds, purpose }`: audited, rate limited, never cached. */
export function postRevealKeysRoute(
  app: FastifyInstance,
  { sessions, walletKeys }: Services,
): void {
  app.post('/wallets/reveal-keys', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const input = revealKeysRequestSchema.parse(request.body);
    void reply.header('cache-control', 'no-store');
    return walletKeys.reveal(actor, input);
  });
}
