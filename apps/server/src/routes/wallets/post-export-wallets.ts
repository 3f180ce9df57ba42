import { exportWalletsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { WALLET_ID_LIST_BODY_LIMIT_BYTES } from '../wallet-id-list-body-limit';

/**
 * `POST /api/wallets/export { walletIds?, format, includePrivateKeys, confirm }`: a CSV or JSON
 * download. With keys it needs the confirmation sentence (the schema checks it).
 */
export function postExportWalletsRoute(
  app: FastifyInstance,
  { sessions, walletKeys }: Services,
): void {
  app.post(
    '/wallets/export',
    { bodyLimit: WALLET_ID_LIST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const input = exportWalletsRequestSchema.parse(request.body);
      const file = await walletKeys.export(actor, input);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .type(file.contentType)
        .send(file.body);
    },
  );
}
