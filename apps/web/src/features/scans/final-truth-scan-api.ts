import {
  finalTruthScanProgressSchema,
  finalTruthScanStartSchema,
  type FinalTruthScanProgress,
  type FinalTruthScanStart,
} from '@fleet/core';
import { apiRequest } from '../../api/http';

export const finalTruthScanProgressKey = (jobId: string) => ['final-truth-scan', jobId] as const;

/** `POST /api/final-truth-scan { publicAddresses }` (empty: every active wallet): `{ jobId }`. */
export function startFinalTruthScan(
  publicAddresses: readonly string[],
): Promise<FinalTruthScanStart> {
  return apiRequest('/api/final-truth-scan', {
    method: 'POST',
    body: { publicAddresses },
    schema: finalTruthScanStartSchema,
    cache: 'no-store',
  });
}

/** `GET /api/final-truth-scan/progress?jobId=`: spec 2 §7's progress. */
export function fetchFinalTruthScanProgress(
  jobId: string,
  signal?: AbortSignal,
): Promise<FinalTruthScanProgress> {
  return apiRequest(`/api/final-truth-scan/progress?jobId=${encodeURIComponent(jobId)}`, {
    schema: finalTruthScanProgressSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/final-truth-scan/abort { jobId }`: Cancel Scan; answers the progress as it stands. */
export function abortFinalTruthScan(jobId: string): Promise<FinalTruthScanProgress> {
  return apiRequest('/api/final-truth-scan/abort', {
    method: 'POST',
    body: { jobId },
    schema: finalTruthScanProgressSchema,
    cache: 'no-store',
  });
}
