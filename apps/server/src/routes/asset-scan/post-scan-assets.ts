import { scanAssetsBodySchema, type ScanAssetsEvent } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import { toFleetError } from '../../http/error-handler';
import { httpStatusOf } from '../../http/error-status';
import type { Services } from '../../services';
import { withScanConflict } from '../sync-scans/scan-conflict';

/** Room for a large wallet list as base58 text in JSON. */
const SCAN_ASSETS_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * `POST /api/scan-assets/preview-write { publicAddresses? }` (spec 2 §7; issue 20): the GetAssets
 * scan. Asked with `Accept: text/event-stream` it streams `started` (the job's id) and `progress`
 * events and ends with `done` (the answer) or `error`. The scan is a job (`createAssetScanJob`): a closed connection stops
 * the wait, not the scan. A start for other wallets while one runs answers 409 with its `jobId`.
 */
export function postScanAssetsRoute(app: FastifyInstance, { sessions, assetScan }: Services): void {
  app.post(
    '/scan-assets/preview-write',
    { bodyLimit: SCAN_ASSETS_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const body = scanAssetsBodySchema.parse(request.body ?? {});
      const clientGone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) clientGone.abort();
      });
      void reply.header('cache-control', 'no-store');
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        return withScanConflict(request, reply, () =>
          assetScan.scan(actor, body, { signal: clientGone.signal }),
        );
      }

      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (event: ScanAssetsEvent) => {
        if (!reply.raw.writableEnded)
          reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      try {
        const result = await assetScan.scan(actor, body, {
          signal: clientGone.signal,
          onStarted: (jobId) => send({ type: 'started', jobId }),
          onProgress: (processed, total) => send({ type: 'progress', processed, total }),
        });
        send({ type: 'done', result });
      } catch (error) {
        if (!clientGone.signal.aborted) {
          const fleetError = toFleetError(error, 0);
          if (httpStatusOf(fleetError) >= 500)
            request.log.error({ err: error }, 'asset scan failed');
          send({ type: 'error', error: fleetError.message, code: fleetError.code });
        }
      } finally {
        reply.raw.end();
      }
      return reply;
    },
  );
}
