import { createWalletsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/create-wallet { is_trader, count }`: 1 to 100 new wallets, keys made on the server. */
export function postCreateWalletRoute(
  app: FastifyInstance,
  { sessions, walletLifecycle }: Services,
): void {
  app.post('/create-wallet', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = createWalletsRequestSchema.parse(request.body);
    return walletLifecycle.create(actor, { count: input.count, isTrader: input.is_trader });
  });
}
