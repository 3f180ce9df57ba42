import { ASSET_SCAN_JOB_KIND } from '@fleet/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { abortJob, fetchJob, jobQueryKey } from '../jobs/jobs-api';
import { isGoneJob } from '../sync-scans/sync-scan-messages';
import { useKeepSyncScanOpen } from '../sync-scans/sync-scan-open-job';
import { runAssetScan } from './asset-scan-api';
import { assetScanStateOfJob, type AssetScanState } from './asset-scan-view';

/** How often a followed scan's job is read (the progress the stream gives a dialog that started it). */
const FOLLOW_POLL_MS = 1_000;

/**
 * A GetAssets scan's job read until it is done: for a scan reopened (the bottom bar, a reload),
 * cancelled, or followed out of sight. A job the server does not know is not read again.
 */
export function useAssetScanJob(jobId: string | null) {
  return useQuery({
    queryKey: jobQueryKey(jobId ?? ''),
    queryFn: ({ signal }) => fetchJob(jobId ?? '', signal),
    enabled: jobId !== null,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.isDone === true || isGoneJob(query.state.error) ? false : FOLLOW_POLL_MS,
  });
}

/**
 * One GetAssets scan for the life of the dialog. Without `followJobId` it starts the scan on
 * mount and shows the stream's progress; with it (or once Cancel is pressed) it follows the job.
 * Either way the scan is the job kept open, so the bottom bar lists it and a reload reopens it;
 * unmounting closes only the stream, and the scan runs on. When it completes, the wallet lists
 * and the Tokens Overview (both under `['wallets']`) are read again.
 */
export function useAssetScan(publicAddresses: readonly string[], followJobId: string | null) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(followJobId);
  const [following, setFollowing] = useState(followJobId !== null);
  const [streamed, setStreamed] = useState<AssetScanState>({
    kind: 'running',
    processed: 0,
    total: null,
  });
  useKeepSyncScanOpen(ASSET_SCAN_JOB_KIND, jobId);

  useEffect(() => {
    if (following) return;
    const controller = new AbortController();
    runAssetScan({
      publicAddresses,
      signal: controller.signal,
      onStarted: setJobId,
      onProgress: (processed, total) => setStreamed({ kind: 'running', processed, total }),
    }).then(
      (result) => {
        setStreamed({ kind: 'complete', result });
        void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setStreamed({ kind: 'error', message: errorMessage(error, 'The scan failed.') });
      },
    );
    return () => controller.abort();
  }, [following, publicAddresses, queryClient]);

  const job = useAssetScanJob(following ? jobId : null);
  const cancel = useMutation({
    mutationFn: abortJob,
    onSuccess: (view) => queryClient.setQueryData(jobQueryKey(view.id), view),
  });

  let state = streamed;
  if (following) {
    if (job.data) state = assetScanStateOfJob(job.data);
    else if (job.error)
      state = { kind: 'error', message: errorMessage(job.error, 'The scan could not be read.') };
  }
  const followedDone = following && job.data?.isDone === true;
  useEffect(() => {
    if (followedDone) void queryClient.invalidateQueries({ queryKey: ['wallets'] });
  }, [followedDone, queryClient]);

  return {
    state,
    jobId,
    /** Cancel: the job stops after the batch in hand; the dialog follows it to its end. */
    cancel:
      jobId === null || state.kind !== 'running'
        ? null
        : () => {
            setFollowing(true);
            cancel.mutate(jobId);
          },
    cancelling: cancel.isPending || job.data?.cancelRequested === true,
    cancelError: cancel.error,
  };
}
