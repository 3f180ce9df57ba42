import { scanAssetsResponseSchema, type ScanAssetsResponse } from '@fleet/core';
import { z } from 'zod';
import { apiEventStream } from '../../api/http';
import { ApiError, NetworkError } from '../../api/api-error';

const scanAssetsEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), jobId: z.string().uuid() }),
  z.object({
    type: z.literal('progress'),
    processed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  z.object({ type: z.literal('done'), result: scanAssetsResponseSchema }),
  z.object({ type: z.literal('error'), error: z.string(), code: z.string().optional() }),
]);

/**
 * `POST /api/scan-assets/preview-write` as an event stream: progress comes on the connection of
 * the server process doing the scan. Aborting `signal` closes it, which stops the wait, not the
 * scan: the job runs on (Cancel is the jobs API's abort).
 */
export async function runAssetScan(options: {
  readonly publicAddresses: readonly string[];
  readonly signal?: AbortSignal;
  /** The job the scan runs as, started or joined. */
  readonly onStarted: (jobId: string) => void;
  readonly onProgress: (processed: number, total: number) => void;
}): Promise<ScanAssetsResponse> {
  let result: ScanAssetsResponse | undefined;
  await apiEventStream('/api/scan-assets/preview-write', {
    method: 'POST',
    body: { publicAddresses: options.publicAddresses },
    ...(options.signal ? { signal: options.signal } : {}),
    buffered: (answer) => [
      { type: 'done', data: JSON.stringify({ type: 'done', result: answer }) },
    ],
    onEvent: (raw) => {
      const event = scanAssetsEventSchema.parse(JSON.parse(raw.data));
      switch (event.type) {
        case 'started':
          options.onStarted(event.jobId);
          return;
        case 'progress':
          options.onProgress(event.processed, event.total);
          return;
        case 'done':
          result = event.result;
          return;
        case 'error':
          throw new ApiError(500, JSON.stringify({ error: event.error, code: event.code }));
      }
    },
  });
  if (!result) throw new NetworkError('The scan ended without a result');
  return result;
}
