import { listWalletsQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { negotiateEncoding } from '../../wallets/wallet-list-cache';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/wallets?mode&summary&tag&groupId&seedGroupId&importBatchId&traderOnly`: the body is
 * JSON text the database wrote (see wallets/wallet-columns-sql and wallet-list-sql), sent as is.
 * The slim list comes compressed from the list cache (made once per list version); the full list
 * is compressed by the compression plugin.
 */
export function getWalletsRoute(app: FastifyInstance, { sessions, walletList }: Services): void {
  app.get('/wallets', async (request, reply) => {
    const started = performance.now();
    const actor = await sessionActor(request, sessions);
    const query = listWalletsQuerySchema.parse(request.query);
    reply
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (query.mode === 'full') return reply.send(await walletList.listJson(actor, query));
    const list = await walletList.slimList(actor, query);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const body = await list.encode(encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // How long the answer took to make, and whether it came from the list cache (benchmarks and
    // the browser's network panel read it).
    const took = (performance.now() - started).toFixed(1);
    return reply
      .header('server-timing', `list;dur=${took};desc="${list.cached ? 'cached' : 'written'}"`)
      .send(body);
  });
}
