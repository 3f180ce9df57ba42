import { scanSolBalancesQuerySchema, type BalanceRefreshEvent } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { toFleetError } from '../../http/error-handler';
import { httpStatusOf } from '../../http/error-status';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/scan-sol-balances[?traderOnly=true]` (spec 2 §7): re-scans the fleet's SOL and known
 * token accounts, stores them, and answers the summary.
 *
 * Asked with `Accept: text/event-stream`, it streams `progress` events (wallets processed of the
 * total) and ends with `done` (the summary) or `error`. Progress travels on the very connection
 * of the process doing the scan, so it is true with any number of server processes, needs no
 * shared memory and no progress table, and stops costing RPC budget when nobody listens: a
 * closed connection aborts the scan (nothing is written then). A GET that writes is the spec's
 * contract; the session cookie is SameSite=Strict, so another site cannot start one.
 */
export function getScanSolBalancesRoute(
  app: FastifyInstance,
  { sessions, balanceRefresh }: Services,
): void {
  app.get('/scan-sol-balances', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const { traderOnly } = scanSolBalancesQuerySchema.parse(request.query);
    const clientGone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) clientGone.abort();
    });
    void reply.header('cache-control', 'no-store');

    if (!(request.headers.accept ?? '').includes('text/event-stream')) {
      return balanceRefresh.refresh(actor, { traderOnly, signal: clientGone.signal });
    }

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    const send = (event: BalanceRefreshEvent) => {
      if (!reply.raw.writableEnded) {
        reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      }
    };
    try {
      const summary = await balanceRefresh.refresh(actor, {
        traderOnly,
        signal: clientGone.signal,
        onProgress: (progress) => send({ type: 'progress', ...progress }),
      });
      send({ type: 'done', summary });
    } catch (error) {
      if (!clientGone.signal.aborted) {
        const fleetError = toFleetError(error, 0);
        if (httpStatusOf(fleetError) >= 500)
          request.log.error({ err: error }, 'balance refresh failed');
        send({ type: 'error', error: fleetError.message, code: fleetError.code });
      }
    } finally {
      reply.raw.end();
    }
    // Hijacked: Fastify sends nothing more; returning the reply says the answer is handled.
    return reply;
  });
}
