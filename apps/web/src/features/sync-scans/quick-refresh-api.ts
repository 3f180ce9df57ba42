import {
  quickRefreshProgressSchema,
  quickRefreshStartSchema,
  quickRefreshTokensSchema,
  type QuickRefreshProgress,
  type QuickRefreshStart,
  type QuickRefreshTokens,
} from '@fleet/core';
import { apiRequest } from '../../api/http';

export const quickRefreshProgressKey = (jobId: string) => ['quick-refresh', jobId] as const;

/** `GET /api/solana/sync-refresh/fetch-tokens`: the known token accounts and wallets to re-read. */
export function fetchQuickRefreshTokens(): Promise<QuickRefreshTokens> {
  return apiRequest('/api/solana/sync-refresh/fetch-tokens', {
    schema: quickRefreshTokensSchema,
    cache: 'no-store',
  });
}

/** `POST /api/solana/sync-refresh {}`: a new job, or the running one joined. */
export function startQuickRefresh(): Promise<QuickRefreshStart> {
  return apiRequest('/api/solana/sync-refresh', {
    method: 'POST',
    body: {},
    schema: quickRefreshStartSchema,
    cache: 'no-store',
  });
}

/** `GET /api/solana/sync-refresh-progress?jobId=`. */
export function fetchQuickRefreshProgress(
  jobId: string,
  signal?: AbortSignal,
): Promise<QuickRefreshProgress> {
  return apiRequest(`/api/solana/sync-refresh-progress?jobId=${encodeURIComponent(jobId)}`, {
    schema: quickRefreshProgressSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/solana/sync-refresh/abort { jobId }`: answers the progress as it stands. */
export function abortQuickRefresh(jobId: string): Promise<QuickRefreshProgress> {
  return apiRequest('/api/solana/sync-refresh/abort', {
    method: 'POST',
    body: { jobId },
    schema: quickRefreshProgressSchema,
    cache: 'no-store',
  });
}
