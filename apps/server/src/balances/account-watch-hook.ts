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

/** Calls `changed` after each successful call of `CHANGES_WATCHED`. */
export function registerAccountWatchHook(app: FastifyInstance, changed: () => void): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (
      reply.statusCode < 300 &&
      CHANGES_WATCHED.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      changed();
    }
    done();
  });
}
