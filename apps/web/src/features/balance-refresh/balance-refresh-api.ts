import {
  balanceRefreshEventSchema,
  type BalanceRefreshProgress,
  type ScanSolBalancesSummary,
} from '@fleet/core';
import { apiEventStream } from '../../api/http';
import { ApiError, NetworkError } from '../../api/api-error';

/**
 * `GET /api/scan-sol-balances` as an event stream: the progress comes on the same connection as
 * the answer, from the server process doing the scan (see the route for why).
 */
export async function runBalanceRefresh(options: {
  readonly traderOnly?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress: (progress: BalanceRefreshProgress) => void;
}): Promise<ScanSolBalancesSummary> {
  let summary: ScanSolBalancesSummary | undefined;
  await apiEventStream(`/api/scan-sol-balances${options.traderOnly ? '?traderOnly=true' : ''}`, {
    ...(options.signal ? { signal: options.signal } : {}),
    onEvent: (raw) => {
      const event = balanceRefreshEventSchema.parse(JSON.parse(raw.data));
      switch (event.type) {
        case 'progress':
          options.onProgress({
            processed: event.processed,
            total: event.total,
            failed: event.failed,
          });
          return;
        case 'done':
          summary = event.summary;
          return;
        case 'error':
          // The server's sentence, as a refusal before the stream would have carried it.
          throw new ApiError(500, JSON.stringify({ error: event.error, code: event.code }));
      }
    },
  });
  if (!summary) throw new NetworkError('The refresh ended without a summary');
  return summary;
}
