import { jobIdBodySchema, jobIdQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * The quick refresh (spec 2 §7): what it will read, its start (which joins a running one), its
 * progress polled every 1.5 s, and Cancel.
 */
export function quickRefreshRoutes(app: FastifyInstance, { sessions, syncScans }: Services): void {
  app.get('/solana/sync-refresh/fetch-tokens', async (request) => {
    const actor = await sessionActor(request, sessions);
    return syncScans.quickRefreshTokens(actor);
  });

  app.post('/solana/sync-refresh', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const started = await syncScans.startQuickRefresh(actor);
    void reply.code(started.joined ? 200 : 202);
    return started;
  });

  app.get('/solana/sync-refresh-progress', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdQuerySchema.parse(request.query);
    return syncScans.quickRefreshProgress(actor, jobId);
  });

  app.post('/solana/sync-refresh/abort', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdBodySchema.parse(request.body);
    return syncScans.abortQuickRefresh(actor, jobId);
  });
}
