import { restoreWalletsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';

/** `POST /api/restore-wallets { ids }`: archived wallets back to the list; all of them or none. */
export function postRestoreWalletsRoute(
  app: FastifyInstance,
  { sessions, walletLifecycle }: Services,
): void {
  app.post('/restore-wallets', { bodyLimit: WALLET_ID_LIST_BODY_LIMIT_BYTES }, async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = restoreWalletsRequestSchema.parse(request.body);
    return { restored: await walletLifecycle.restore(actor, input.ids) };
  });
}
