import type { DatabaseKind, HealthResponse } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import { pingDatabase } from '@fleet/db';
import type { FastifyInstance } from 'fastify';

/** `GET /api/health`: registered only once migrations have run, and proves the database answers. */
export function getHealthRoute(
  app: FastifyInstance,
  deps: { db: FleetDatabase; databaseKind: DatabaseKind; version: string },
): void {
  app.get('/health', async (_request, reply): Promise<HealthResponse> => {
    await pingDatabase(deps.db);
    void reply.header('cache-control', 'no-store');
    return { ok: true, version: deps.version, database: deps.databaseKind };
  });
}
