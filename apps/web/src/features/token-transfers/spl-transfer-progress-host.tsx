import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/api-error';
import { useToast } from '../../ui/toast';
import { isSplTransferKind, splTransferToast, type SplTransferKind } from '../jobs/job-progress';
import { setOpenJob, useOpenJob, type OpenJob } from '../jobs/open-job-store';
import { useRefreshAfterOperation } from '../sol-operations/use-sol-operations';
import { SplTransferProgressDialog } from './spl-transfer-progress-dialog';
import { useSplTransferProgress } from './use-token-transfers';

/**
 * The progress of the SPL withdrawal or distribution kept open (`features/jobs/open-job-store`:
 * sessionStorage, so a reload re-attaches), mounted once in the shell beside the SOL operations'
 * host. It follows the job through its progress route to the end even while the dialog is hidden,
 * then shows the toast and reads the balances again.
 */
export function SplTransferProgressHost() {
  const open = useOpenJob();
  if (!open || !isSplTransferKind(open.kind)) return null;
  return <TrackedSplTransfer key={open.jobId} open={open} kind={open.kind} />;
}

function TrackedSplTransfer({
  open,
  kind,
}: {
  readonly open: OpenJob;
  readonly kind: SplTransferKind;
}) {
  const progress = useSplTransferProgress(kind, open.jobId);
  const toast = useToast();
  const refresh = useRefreshAfterOperation();
  const finished = useRef(false);
  const data = progress.data;
  const done = data?.isDone === true;

  useEffect(() => {
    if (!done || !data || finished.current) return;
    finished.current = true;
    toast.show(
      splTransferToast(kind, {
        status: data.status,
        message: data.statusMessage,
        report: data.report,
      }),
    );
    refresh();
    if (!open.visible) setOpenJob(null);
  }, [done, data, kind, toast, refresh, open.visible]);

  // The job is gone (another tenant's id, a wiped database): nothing to follow.
  const gone = progress.error instanceof ApiError && progress.error.status === 404;
  if (gone && !data) return <ForgetJob />;
  if (!open.visible || !data) return null;
  return (
    <SplTransferProgressDialog
      kind={kind}
      progress={data}
      onRefetch={() => void progress.refetch()}
      onClose={() => setOpenJob(null)}
      onHide={() => setOpenJob({ ...open, visible: false })}
    />
  );
}

function ForgetJob() {
  useEffect(() => setOpenJob(null), []);
  return null;
}
