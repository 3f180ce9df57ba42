import { finalTruthScanAbortSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `POST /api/final-truth-scan/abort { jobId }`: Cancel Scan. Answers the progress as it stands
 * (the scan stops after the batch in flight); 404 for another tenant's job, 409 once it ended.
 */
export function postFinalTruthScanAbortRoute(
  app: FastifyInstance,
  { sessions, finalTruthScan }: Services,
): void {
  app.post('/final-truth-scan/abort', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = finalTruthScanAbortSchema.parse(request.body);
    return finalTruthScan.abort(actor, jobId);
  });
}
