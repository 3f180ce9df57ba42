import { FINAL_TRUTH_SCAN_POLL_MS } from '@fleet/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  abortFinalTruthScan,
  fetchFinalTruthScanProgress,
  finalTruthScanProgressKey,
  startFinalTruthScan,
} from './final-truth-scan-api';

/** Spec 2 §4, §9: the progress every 2 s until it is done. */
export function useFinalTruthScanProgress(jobId: string) {
  return useQuery({
    queryKey: finalTruthScanProgressKey(jobId),
    queryFn: ({ signal }) => fetchFinalTruthScanProgress(jobId, signal),
    refetchInterval: (query) =>
      query.state.data?.isDone === true ? false : FINAL_TRUTH_SCAN_POLL_MS,
  });
}

export const useStartFinalTruthScan = () => useMutation({ mutationFn: startFinalTruthScan });

/** Cancel Scan: the dialog shows the answer (cancel requested) at once. */
export function useAbortFinalTruthScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abortFinalTruthScan,
    onSuccess: (progress) => {
      queryClient.setQueryData(finalTruthScanProgressKey(progress.jobId), progress);
    },
  });
}
