import {
  DEEP_SCAN_UPDATE_BODY_LIMIT_BYTES,
  deepScanAbortSchema,
  deepScanStartRequestSchema,
  deepScanUpdateRequestSchema,
  jobIdQuerySchema,
} from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { withScanConflict } from './scan-conflict';

/** Room for 100,000 addresses as base58 text in JSON (about 4.7 MB). */
const ADDRESS_LIST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * The deep scan (spec 2 §7): the wallets, the scan (409 with the running one's `jobId`), its
 * progress polled every second, Cancel, and the update, whose body above 1 MiB is refused with 413
 * for the client to halve its results and send each half.
 */
export function deepScanRoutes(app: FastifyInstance, { sessions, deepScan }: Services): void {
  app.get('/solana/deep-scan/fetch-wallets', async (request) => {
    const actor = await sessionActor(request, sessions);
    return deepScan.wallets(actor);
  });

  app.post(
    '/solana/deep-scan/scan-wallets',
    { bodyLimit: ADDRESS_LIST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const input = deepScanStartRequestSchema.parse(request.body);
      return withScanConflict(request, reply, async () => {
        const started = await deepScan.start(actor, input);
        void reply.code(202);
        return started;
      });
    },
  );

  app.get('/solana/deep-scan/progress', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = jobIdQuerySchema.parse(request.query);
    return deepScan.progress(actor, jobId);
  });

  app.post('/solana/deep-scan/abort', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { jobId } = deepScanAbortSchema.parse(request.body);
    return deepScan.abort(actor, jobId);
  });

  app.post(
    '/solana/deep-scan/update-supabase',
    { bodyLimit: DEEP_SCAN_UPDATE_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = deepScanUpdateRequestSchema.parse(request.body);
      return { success: true, details: await deepScan.update(actor, input) };
    },
  );
}
