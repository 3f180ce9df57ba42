import { validateKeysRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** A paste of thousands of keys (JSON arrays are ~250 bytes each) fits; 10 MB does not. */
export const VALIDATE_KEYS_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** `POST /api/wallet/validate-only { privateKeys }`: the keys found and how each one stands. */
export function postValidateKeysRoute(
  app: FastifyInstance,
  { sessions, walletImport }: Services,
): void {
  app.post(
    '/wallet/validate-only',
    { bodyLimit: VALIDATE_KEYS_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = validateKeysRequestSchema.parse(request.body);
      return walletImport.validate(actor, input.privateKeys);
    },
  );
}
