import { isFleetError, toErrorBody } from '@fleet/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Runs a scan start; a start refused because one of its kind is running answers 409 with that
 * scan's `jobId` (spec 2 §7's sync scans), for the page to follow it instead of starting twice.
 */
export async function withScanConflict<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  start: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await start();
  } catch (error) {
    if (!isFleetError(error, 'SCAN__SYNC_RUNNING')) throw error;
    request.log.info({ code: error.code, status: 409 }, error.message);
    return reply
      .code(409)
      .type('application/json; charset=utf-8')
      .send({ ...toErrorBody(error), jobId: error.context.jobId });
  }
}
