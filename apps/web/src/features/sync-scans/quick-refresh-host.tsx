import { QUICK_REFRESH_JOB_KIND } from '@fleet/core';
import { useCallback } from 'react';
import { useToast } from '../../ui/toast';
import { forgetOpenJob, type OpenJob } from '../jobs/open-job-store';
import { QuickRefreshDialog } from './quick-refresh-dialog';
import { quickRefreshEndedToast } from './quick-refresh-state';
import { closeQuickRefresh, useQuickRefreshRequest } from './quick-refresh-store';
import { SyncScanHost } from './sync-scan-host';
import { isGoneJob } from './sync-scan-messages';
import {
  syncScanEndSteps,
  useForgetGoneScan,
  useSyncScanEnd,
  type SyncScanEnd,
} from './sync-scan-open-job';
import { useQuickRefreshProgress } from './use-quick-refresh';
import { useRefreshAfterSyncScan } from './use-refresh-after-sync-scan';

/**
 * The Quick Refresh, mounted once in the app shell: the dialog for whichever page opened it, or
 * for the quick refresh kept open (the bottom bar, a reload), and that scan followed to its end
 * while its dialog is closed.
 */
export function QuickRefreshHost() {
  return (
    <SyncScanHost
      kind={QUICK_REFRESH_JOB_KIND}
      request={useQuickRefreshRequest()}
      Dialog={QuickRefreshDialog}
      Followed={FollowedQuickRefresh}
      onClose={closeQuickRefresh}
    />
  );
}

/**
 * The kept quick refresh, shown or not: when it ends, the lists it wrote to are read again; when
 * it ended out of sight, a toast says how.
 */
function FollowedQuickRefresh({ kept }: { readonly kept: OpenJob }) {
  const progress = useQuickRefreshProgress(kept.jobId);
  const refresh = useRefreshAfterSyncScan();
  const toast = useToast();
  const job = progress.data?.progress;
  const onEnd = useCallback(
    (end: SyncScanEnd) => {
      refresh();
      const steps = syncScanEndSteps('quickRefresh', end);
      if (steps.toast && job) toast.show(quickRefreshEndedToast(job));
      if (steps.forget) forgetOpenJob(kept.jobId);
    },
    [refresh, toast, job, kept.jobId],
  );
  useSyncScanEnd(kept, job?.done, onEnd);
  useForgetGoneScan(kept.jobId, isGoneJob(progress.error) && !job);
  return null;
}
