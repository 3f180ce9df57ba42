import type { HealthResponse } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** `GET /api/health`: registered only once migrations have run, and proves the database answers. */
export function getHealthRoute(app: FastifyInstance, { health }: Services): void {
  app.get('/health', async (_request, reply): Promise<HealthResponse> => {
    const answer = await health.check();
    void reply.header('cache-control', 'no-store');
    return answer;
  });
}
