import { marketRefreshBodySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `POST /api/market/refresh { mints, chunkSize }` (spec 2 §2.5 Refresh Market Data, §7, §9;
 * issue 20): one batch of at most 50 mints' prices and pair figures read again now. The web
 * sends a fleet's mints 50 at a time; more in one call is a 400, so one click cannot hold the
 * providers' budgets for minutes. A session is needed: the budgets are the licence's.
 */
export function postMarketRefreshRoute(
  app: FastifyInstance,
  { sessions, tokensOverview }: Services,
): void {
  app.post('/market/refresh', async (request, reply) => {
    await sessionActor(request, sessions);
    const { mints } = marketRefreshBodySchema.parse(request.body ?? {});
    void reply.header('cache-control', 'no-store');
    return tokensOverview.refreshMarket(mints);
  });
}
