import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/solana/close-tokens/forecast`: the fleet's rent forecast from the stored accounts. */
export function getCloseTokensForecastRoute(
  app: FastifyInstance,
  { sessions, closePlans }: Services,
): void {
  app.get('/solana/close-tokens/forecast', async (request) => {
    const actor = await sessionActor(request, sessions);
    return closePlans.fleetForecast(actor);
  });
}
