import { syncVerifyRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { withScanConflict } from './scan-conflict';

/** Room for 100,000 addresses as base58 text in JSON (about 4.7 MB). */
const ADDRESS_LIST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * `POST /api/solana/sync-verify { publicAddresses }` (spec 2 §7; empty: every active wallet):
 * answers `{ jobId, report }` when the scan is done; 409 with the running verify's `jobId`.
 */
export function verifyRoute(app: FastifyInstance, { sessions, syncScans }: Services): void {
  app.post(
    '/solana/sync-verify',
    { bodyLimit: ADDRESS_LIST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const input = syncVerifyRequestSchema.parse(request.body ?? {});
      // The wait ends with the connection; the scan goes on and stays in the jobs list.
      const gone = new AbortController();
      request.raw.once('close', () => gone.abort());
      return withScanConflict(request, reply, () => syncScans.verify(actor, input, gone.signal));
    },
  );
}
