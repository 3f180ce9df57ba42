import { DEEP_SCAN_JOB_KIND } from '@fleet/core';
import { useCallback } from 'react';
import { useToast } from '../../ui/toast';
import type { OpenJob } from '../jobs/open-job-store';
import { DeepScanDialog } from './deep-scan-dialog';
import { deepScanEndedToast } from './deep-scan-state';
import { closeDeepScan, useDeepScanRequest } from './deep-scan-store';
import { SyncScanHost } from './sync-scan-host';
import { isGoneJob } from './sync-scan-messages';
import {
  syncScanEndSteps,
  useForgetGoneScan,
  useSyncScanEnd,
  type SyncScanEnd,
} from './sync-scan-open-job';
import { useDeepScanProgress } from './use-deep-scan';

/**
 * The Deep Scan, mounted once in the app shell: the dialog for whichever page opened it, or for
 * the deep scan kept open (the bottom bar, a reload), and that scan followed to its end while its
 * dialog is closed.
 */
export function DeepScanHost() {
  return (
    <SyncScanHost
      kind={DEEP_SCAN_JOB_KIND}
      request={useDeepScanRequest()}
      Dialog={DeepScanDialog}
      Followed={FollowedDeepScan}
      onClose={closeDeepScan}
    />
  );
}

/**
 * The kept deep scan, shown or not. It writes nothing, so no list is read again when it ends; one
 * that ended out of sight stays kept for its review, and a toast says so.
 */
function FollowedDeepScan({ kept }: { readonly kept: OpenJob }) {
  const progress = useDeepScanProgress(kept.jobId);
  const toast = useToast();
  const job = progress.data;
  const onEnd = useCallback(
    (end: SyncScanEnd) => {
      if (syncScanEndSteps('deepScan', end).toast && job) toast.show(deepScanEndedToast(job));
    },
    [toast, job],
  );
  useSyncScanEnd(kept, job?.done, onEnd);
  useForgetGoneScan(kept.jobId, isGoneJob(progress.error) && !job);
  return null;
}
