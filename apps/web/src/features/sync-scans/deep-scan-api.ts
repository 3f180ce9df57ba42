import {
  deepScanProgressSchema,
  deepScanStartSchema,
  deepScanUpdateResponseSchema,
  deepScanWalletsSchema,
  type DeepScanProgress,
  type DeepScanReport,
  type DeepScanResult,
  type DeepScanStart,
  type DeepScanUpdateRequest,
  type DeepScanWallets,
} from '@fleet/core';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/http';
import type { UpdateAttempt } from './deep-scan-update';

export const deepScanProgressKey = (jobId: string) => ['deep-scan', jobId] as const;

/** `GET /api/solana/deep-scan/fetch-wallets`: the active wallets' addresses. */
export function fetchDeepScanWallets(): Promise<DeepScanWallets> {
  return apiRequest('/api/solana/deep-scan/fetch-wallets', {
    schema: deepScanWalletsSchema,
    cache: 'no-store',
  });
}

/**
 * `POST /api/solana/deep-scan/scan-wallets { publicAddresses, jobId }`: the client names the job,
 * so a start sent again after a lost answer finds its job instead of starting a second scan.
 */
export function startDeepScan(request: {
  readonly publicAddresses: readonly string[];
  readonly jobId: string;
}): Promise<DeepScanStart> {
  return apiRequest('/api/solana/deep-scan/scan-wallets', {
    method: 'POST',
    body: { publicAddresses: request.publicAddresses, jobId: request.jobId },
    schema: deepScanStartSchema,
    cache: 'no-store',
  });
}

/** `GET /api/solana/deep-scan/progress?jobId=`. */
export function fetchDeepScanProgress(
  jobId: string,
  signal?: AbortSignal,
): Promise<DeepScanProgress> {
  return apiRequest(`/api/solana/deep-scan/progress?jobId=${encodeURIComponent(jobId)}`, {
    schema: deepScanProgressSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** The abort's answer is not part of the contract (spec 2 §7: "not shown"); a progress if it is one. */
const abortAnswerSchema = z.unknown();

/** `POST /api/solana/deep-scan/abort { jobId }`: the progress, when the server answers one. */
export async function abortDeepScan(jobId: string): Promise<DeepScanProgress | null> {
  const answer = await apiRequest('/api/solana/deep-scan/abort', {
    method: 'POST',
    body: { jobId },
    schema: abortAnswerSchema,
    cache: 'no-store',
  });
  const progress = deepScanProgressSchema.safeParse(answer);
  return progress.success ? progress.data : null;
}

/**
 * One call of `POST /api/solana/deep-scan/update-supabase { scanSummary }`, for
 * `sendUpdateInHalves`: the report with this part of its results; a 413 is an answer, not a
 * failure, so the caller can halve.
 */
export function deepScanUpdateSender(report: DeepScanReport, jobId: string) {
  const { scanResults: _all, ...figures } = report;
  return async (scanResults: readonly DeepScanResult[]): Promise<UpdateAttempt> => {
    const body: DeepScanUpdateRequest = {
      scanSummary: { ...figures, jobId, scanResults: [...scanResults] },
    };
    try {
      const answer = await apiRequest('/api/solana/deep-scan/update-supabase', {
        method: 'POST',
        body,
        schema: deepScanUpdateResponseSchema,
        cache: 'no-store',
      });
      return { status: 'ok', details: answer.details };
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) return { status: 'too-large' };
      throw error;
    }
  };
}
