import { listWalletsQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../master-wallet/session-actor';
import type { RouteServices } from '../route-services';

/**
 * `GET /api/wallets?mode&summary&tag&groupId&seedGroupId&importBatchId&traderOnly`: the body is
 * JSON text the database wrote (see wallets/wallet-list-sql), sent as is; the compression plugin
 * shrinks it for clients that accept gzip or br.
 */
export function getWalletsRoute(
  app: FastifyInstance,
  { sessions, walletList }: RouteServices,
): void {
  app.get('/wallets', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = listWalletsQuerySchema.parse(request.query);
    const body = await walletList.listJson(actor, query);
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
