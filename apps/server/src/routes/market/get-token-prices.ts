import { priceQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/jupiter/price?ids=a,b` (spec 1 §7): USD prices in Jupiter Price v3's shape, keyed by
 * mint, each with its source and time; a mint no provider prices is left out. 1 to 100 base58
 * mint addresses; anything else is a 400 that says what is wrong.
 */
export function getTokenPricesRoute(app: FastifyInstance, { sessions, market }: Services): void {
  app.get('/jupiter/price', async (request, reply) => {
    await sessionActor(request, sessions);
    const { ids } = priceQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return market.prices(ids);
  });
}
