import { archiveWalletsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';

/**
 * `DELETE /api/archived-wallets { walletIds, permanent, confirm, confirmFunded }`: `permanent:
 * false` archives active wallets (a soft delete); `permanent: true` deletes archived ones for good
 * and needs the confirmation sentence, and when any of them holds funds (or was never scanned)
 * `confirmFunded` set to the number of wallets being deleted. All the wallets or none.
 */
export function deleteArchivedWalletsRoute(
  app: FastifyInstance,
  { sessions, walletLifecycle }: Services,
): void {
  app.delete(
    '/archived-wallets',
    { bodyLimit: WALLET_ID_LIST_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = archiveWalletsRequestSchema.parse(request.body);
      return input.permanent
        ? {
            archived: 0,
            deleted: await walletLifecycle.deletePermanently(
              actor,
              input.walletIds,
              input.confirmFunded,
            ),
          }
        : { archived: await walletLifecycle.archive(actor, input.walletIds), deleted: 0 };
    },
  );
}
