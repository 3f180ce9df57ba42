import { QUICK_REFRESH_POLL_MS } from '@fleet/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  abortQuickRefresh,
  fetchQuickRefreshProgress,
  fetchQuickRefreshTokens,
  quickRefreshProgressKey,
  startQuickRefresh,
} from './quick-refresh-api';
import { isGoneJob } from './sync-scan-messages';

export const useFetchQuickRefreshTokens = () =>
  useMutation({ mutationFn: fetchQuickRefreshTokens });

export const useStartQuickRefresh = () => useMutation({ mutationFn: startQuickRefresh });

/**
 * Spec 2 §9: the progress every 1.5 s until it is done (null: no job yet). A failed poll is
 * shown and polling goes on, unless the job is gone.
 */
export function useQuickRefreshProgress(jobId: string | null) {
  return useQuery({
    queryKey: quickRefreshProgressKey(jobId ?? ''),
    queryFn: ({ signal }) => fetchQuickRefreshProgress(jobId ?? '', signal),
    enabled: jobId !== null,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.progress.done === true || isGoneJob(query.state.error)
        ? false
        : QUICK_REFRESH_POLL_MS,
  });
}

/** Cancel: the dialog shows the answer (cancel requested) at once. */
export function useAbortQuickRefresh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abortQuickRefresh,
    onSuccess: (progress) => {
      queryClient.setQueryData(quickRefreshProgressKey(progress.progress.jobId), progress);
    },
  });
}
