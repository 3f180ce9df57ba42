import { jobIdQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `GET /api/final-truth-scan/progress?jobId=`: spec 2 §7's progress, polled every 2 s. */
export function getFinalTruthScanProgressRoute(
  app: FastifyInstance,
  { sessions, finalTruthScan }: Services,
): void {
  app.get('/final-truth-scan/progress', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdQuerySchema.parse(request.query);
    return finalTruthScan.progress(actor, jobId);
  });
}
