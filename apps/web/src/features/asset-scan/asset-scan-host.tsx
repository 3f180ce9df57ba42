import { ASSET_SCAN_JOB_KIND } from '@fleet/core';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../ui/toast';
import { forgetOpenJob, type OpenJob } from '../jobs/open-job-store';
import { isGoneJob } from '../sync-scans/sync-scan-messages';
import { SyncScanHost } from '../sync-scans/sync-scan-host';
import {
  syncScanEndSteps,
  useForgetGoneScan,
  useSyncScanEnd,
  type SyncScanEnd,
} from '../sync-scans/sync-scan-open-job';
import { AssetScanDialog } from './asset-scan-dialog';
import { closeAssetScan, useAssetScanRequest } from './asset-scan-store';
import { assetScanEndedToast, assetScanStateOfJob } from './asset-scan-view';
import { useAssetScanJob } from './use-asset-scan';

/**
 * The GetAssets Scan, mounted once in the app shell: the dialog for whichever page opened it, or
 * for the scan kept open (the bottom bar, a reload), and that scan followed to its end while its
 * dialog is closed.
 */
export function AssetScanHost() {
  return (
    <SyncScanHost
      kind={ASSET_SCAN_JOB_KIND}
      request={useAssetScanRequest()}
      Dialog={RequestedAssetScan}
      Followed={FollowedAssetScan}
      onClose={closeAssetScan}
    />
  );
}

/** No wallets named: every active wallet (one array, so the dialog's scan is not restarted). */
const EVERY_WALLET: readonly string[] = [];

/** The dialog on the wallets the request names, or on the scan kept open (`jobId`). */
function RequestedAssetScan(props: {
  readonly jobId: string | null;
  readonly onClose: () => void;
}) {
  const request = useAssetScanRequest();
  return (
    <AssetScanDialog
      publicAddresses={request?.publicAddresses ?? EVERY_WALLET}
      jobId={props.jobId}
      onClose={props.onClose}
    />
  );
}

/**
 * The kept scan, shown or not: when it ends, the lists it wrote to are read again; when it ended
 * out of sight, a toast says what it found, and it is let go (it wrote as it went).
 */
function FollowedAssetScan({ kept }: { readonly kept: OpenJob }) {
  const job = useAssetScanJob(kept.jobId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const view = job.data;
  const onEnd = useCallback(
    (end: SyncScanEnd) => {
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      const steps = syncScanEndSteps('getAssets', end);
      const message = view ? assetScanEndedToast(assetScanStateOfJob(view)) : null;
      if (steps.toast && message) toast.show(message);
      if (steps.forget) forgetOpenJob(kept.jobId);
    },
    [queryClient, toast, view, kept.jobId],
  );
  useSyncScanEnd(kept, view?.isDone, onEnd);
  useForgetGoneScan(kept.jobId, isGoneJob(job.error) && !view);
  return null;
}
