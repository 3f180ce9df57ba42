import type { FastifyInstance } from 'fastify';

/**
 * The calls after which the live balances' watched set may differ: a master wallet saved or
 * cleared, wallets made (traders among them), imported or restored. Reading the set again costs
 * one short transaction per tenant, so these say so at once instead of waiting for the periodic
 * re-read.
 */
const CHANGES_WATCHED = new Set([
  'PATCH /api/master-wallet',
  'DELETE /api/master-wallet',
  'POST /api/create-wallet',
  'POST /api/restore-wallets',
  'POST /api/wallet',
  'POST /api/seed-import',
]);

/**
 * Calls `changed` on each successful answer of `CHANGES_WATCHED`, as it is sent: by then the
 * change is committed, and the periodic re-read covers a send that fails after this.
 */
export function registerAccountWatchHook(app: FastifyInstance, changed: () => void): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      reply.statusCode < 300 &&
      CHANGES_WATCHED.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      changed();
    }
    done(null, payload);
  });
}
