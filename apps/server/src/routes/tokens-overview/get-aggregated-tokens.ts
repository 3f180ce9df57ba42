import { aggregatedTokensQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/tokens/aggregated?type=&sort=&order=` (spec 2 §2.5, §3; issue 20): every mint the
 * session's tenant holds, summed over its active wallets, with class, market figures and each
 * filter's count. No-store: balances and prices move; the web keeps it 30 s (spec 2 §9).
 */
export function getAggregatedTokensRoute(
  app: FastifyInstance,
  { sessions, tokensOverview }: Services,
): void {
  app.get('/tokens/aggregated', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = aggregatedTokensQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return tokensOverview.aggregated(actor, query);
  });
}
