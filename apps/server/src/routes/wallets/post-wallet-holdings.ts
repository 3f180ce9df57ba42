import { walletHoldingsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';

/**
 * `POST /api/wallets/holdings { walletIds }`: each wallet's SOL and token holdings at its last
 * scan, with totals, for the archive and permanent-delete confirmations. A POST because the list
 * of ids can be long; it changes nothing.
 */
export function postWalletHoldingsRoute(
  app: FastifyInstance,
  { sessions, walletLifecycle }: Services,
): void {
  app.post(
    '/wallets/holdings',
    { bodyLimit: WALLET_ID_LIST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const { walletIds } = walletHoldingsRequestSchema.parse(request.body);
      void reply.header('cache-control', 'no-store');
      return walletLifecycle.holdings(actor, walletIds);
    },
  );
}
