import { FINAL_TRUTH_SCAN_JOB_KIND } from '@fleet/core';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { setOpenJob, useOpenJob, type OpenJob } from '../jobs/open-job-store';
import { useRefreshAfterOperation } from '../sol-operations/use-sol-operations';
import { FinalTruthScanDialog } from './final-truth-scan-dialog';
import {
  closeFinalTruthScan,
  useFinalTruthScanRequest,
  type FinalTruthScanRequest,
} from './final-truth-scan-request-store';
import {
  confirmText,
  finishedToast,
  runningScanOf,
  startFailedToast,
} from './final-truth-scan-view';
import { useFinalTruthScanProgress, useStartFinalTruthScan } from './use-final-truth-scan';

const openScan = (jobId: string) =>
  setOpenJob({ jobId, operationId: null, kind: FINAL_TRUTH_SCAN_JOB_KIND, visible: true });

/**
 * The Final Truth Scan's dialogs, mounted once in the app shell: the confirmation the Toolkit asked
 * for, then the progress of the scan kept open (`open-job-store`: a reload or the bottom bar brings
 * it back). A scan whose dialog was closed is still followed to its toast.
 */
export function FinalTruthScanHost() {
  const request = useFinalTruthScanRequest();
  const open = useOpenJob();
  return (
    <>
      {request ? <ConfirmScan key={request.id} request={request} /> : null}
      {open?.kind === FINAL_TRUTH_SCAN_JOB_KIND ? (
        <TrackedScan key={open.jobId} open={open} />
      ) : null}
    </>
  );
}

function ConfirmScan({ request }: { readonly request: FinalTruthScanRequest }) {
  const start = useStartFinalTruthScan();
  const toast = useToast();
  const confirm = () =>
    start.mutate(request.publicAddresses, {
      onSuccess: ({ jobId }) => {
        closeFinalTruthScan();
        openScan(jobId);
      },
      onError: (error) => {
        toast.show(startFailedToast(error));
        // A scan of some of the same wallets is already running: its progress is shown instead.
        const running = runningScanOf(error);
        if (running !== null) {
          closeFinalTruthScan();
          openScan(running);
        }
      },
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) closeFinalTruthScan();
      }}
      title="Confirm Final Truth Scan"
      description={confirmText(request.publicAddresses.length)}
      confirmLabel="Start Scan"
      onConfirm={confirm}
      busy={start.isPending}
    />
  );
}

function TrackedScan({ open }: { readonly open: OpenJob }) {
  const progress = useFinalTruthScanProgress(open.jobId);
  const toast = useToast();
  const refresh = useRefreshAfterOperation();
  const finished = useRef(false);
  const data = progress.data;
  const done = data?.isDone === true;

  useEffect(() => {
    if (!done || !data || finished.current) return;
    finished.current = true;
    toast.show(finishedToast(data));
    refresh();
    if (!open.visible) setOpenJob(null);
  }, [done, data, toast, refresh, open.visible]);

  // The job is gone (another tenant's id, a wiped database): nothing to follow.
  const gone = progress.error instanceof ApiError && progress.error.status === 404;
  if (gone && !data) return <ForgetJob />;
  if (!open.visible || !data) return null;
  return (
    <FinalTruthScanDialog
      progress={data}
      onHide={() => setOpenJob({ ...open, visible: false })}
      onClose={() => setOpenJob(null)}
    />
  );
}

function ForgetJob() {
  useEffect(() => setOpenJob(null), []);
  return null;
}
