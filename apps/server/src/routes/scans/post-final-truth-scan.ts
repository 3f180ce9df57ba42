import { finalTruthScanRequestSchema, isFleetError, toErrorBody } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** Room for 100,000 addresses as base58 text in JSON (about 4.7 MB). */
const ADDRESS_LIST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * `POST /api/final-truth-scan { publicAddresses }` (spec 2 §7; empty: every active wallet):
 * `{ jobId }`. A scan already queued or running for some of the same wallets refuses it with 409
 * and that scan's `jobId`, for the page to follow it instead.
 */
export function postFinalTruthScanRoute(
  app: FastifyInstance,
  { sessions, finalTruthScan }: Services,
): void {
  app.post(
    '/final-truth-scan',
    { bodyLimit: ADDRESS_LIST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const input = finalTruthScanRequestSchema.parse(request.body ?? {});
      try {
        const started = await finalTruthScan.start(actor, input);
        void reply.code(202);
        return started;
      } catch (error) {
        if (!isFleetError(error, 'SCAN__FINAL_TRUTH_RUNNING')) throw error;
        request.log.info({ code: error.code, status: 409 }, error.message);
        return reply
          .code(409)
          .type('application/json; charset=utf-8')
          .send({ ...toErrorBody(error), jobId: error.context.jobId });
      }
    },
  );
}
