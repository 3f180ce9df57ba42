import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/market/sol-price`: SOL/USD with its source and age (held 60 s by the market, spec 1
 * §9), or `unavailable` with every provider's reason ("Invalid SOL price from {provider}", spec
 * 1 §8). Never a 0 standing in for unknown.
 */
export function getSolPriceRoute(app: FastifyInstance, { sessions, market }: Services): void {
  app.get('/market/sol-price', async (request, reply) => {
    await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return market.solPrice();
  });
}
