import { DEEP_SCAN_POLL_MS, type DeepScanReport } from '@fleet/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  abortDeepScan,
  deepScanProgressKey,
  deepScanUpdateSender,
  fetchDeepScanProgress,
  fetchDeepScanWallets,
  startDeepScan,
} from './deep-scan-api';
import { sendUpdateInHalves } from './deep-scan-update';
import { isGoneJob } from './sync-scan-messages';

export const useFetchDeepScanWallets = () => useMutation({ mutationFn: fetchDeepScanWallets });

export const useStartDeepScan = () => useMutation({ mutationFn: startDeepScan });

/**
 * Spec 2 §4, §9: the progress every second until it is done (null: no job yet). A failed poll is
 * shown and polling goes on, unless the job is gone.
 */
export function useDeepScanProgress(jobId: string | null) {
  return useQuery({
    queryKey: deepScanProgressKey(jobId ?? ''),
    queryFn: ({ signal }) => fetchDeepScanProgress(jobId ?? '', signal),
    enabled: jobId !== null,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.done === true || isGoneJob(query.state.error) ? false : DEEP_SCAN_POLL_MS,
  });
}

/** Cancel: when the server answers the progress, the dialog shows it at once. */
export function useAbortDeepScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abortDeepScan,
    onSuccess: (progress) => {
      if (progress) queryClient.setQueryData(deepScanProgressKey(progress.jobId), progress);
    },
  });
}

/** Update: every scan result sent, halved on 413 (spec 2 §7), the parts' details summed. */
export const useUpdateFromDeepScan = () =>
  useMutation({
    mutationFn: ({ jobId, report }: { readonly jobId: string; readonly report: DeepScanReport }) =>
      sendUpdateInHalves(report.scanResults, deepScanUpdateSender(report, jobId)),
  });
