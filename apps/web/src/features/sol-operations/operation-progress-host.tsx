import { useEffect, useRef } from 'react';
import { useToast } from '../../ui/toast';
import { finishedToast, hasOwnProgressHost, readSolReport } from '../jobs/job-progress';
import { setOpenJob, useOpenJob, type OpenJob } from '../jobs/open-job-store';
import { useJob } from '../jobs/use-jobs';
import { useOperation } from '../operations/use-operations';
import { JobProgressDialog } from './job-progress-dialog';
import { TwoHopProgressDialog } from './two-hop-progress-dialog';
import { useRefreshAfterOperation } from './use-sol-operations';

/**
 * The progress dialog of the job kept open (sessionStorage, so it comes back after a reload),
 * mounted once in the app shell. It follows the job to the end even while hidden, then shows the
 * spec's toast and reads the balances again.
 */
export function OperationProgressHost() {
  const open = useOpenJob();
  // The SPL transfers follow spec 2 §7's progress route and a close streams its events, each in
  // its own host (`features/token-transfers/`, `features/token-closes/`), also mounted in the
  // shell: this one leaves them alone.
  if (!open || hasOwnProgressHost(open.kind)) return null;
  return <TrackedJob key={open.jobId} open={open} />;
}

function TrackedJob({ open }: { readonly open: OpenJob }) {
  const job = useJob(open.jobId);
  const handOver = hasOwnProgressHost(job.data?.kind);
  const operationId =
    open.operationId ?? (job.data ? (readSolReport(job.data)?.operationId ?? null) : null);
  const operation = useOperation(operationId);
  const toast = useToast();
  const refresh = useRefreshAfterOperation();
  const finished = useRef(false);
  const kind = operation.data?.kind;
  const done = job.data?.isDone === true;

  useEffect(() => {
    // Opened without its kind (an entry stored before kinds were): named now, the other host
    // takes it over and this one unmounts.
    if (handOver && job.data) setOpenJob({ ...open, kind: job.data.kind });
  }, [handOver, job.data, open]);

  useEffect(() => {
    if (handOver || !done || kind === undefined || finished.current || !job.data) return;
    finished.current = true;
    void operation.refetch();
    const message = finishedToast(kind, job.data);
    if (message) toast.show(message);
    refresh();
    if (!open.visible) setOpenJob(null);
  }, [handOver, done, kind, job.data, operation, toast, refresh, open.visible]);

  const hide = () => setOpenJob({ ...open, visible: false });
  // The two-hop dialog reads its own progress route and may offer Close before this job's poll has
  // seen the end: closed then, the job is still followed, hidden, to its toast and refresh.
  const close = () => (finished.current ? setOpenJob(null) : hide());
  if (job.isError && !job.data) {
    // The job is gone (another tenant's id, a wiped database): nothing to follow.
    return <ForgetJob />;
  }
  if (handOver || !open.visible || !job.data) return null;
  if (kind === 'sol.double_distribution') {
    return (
      <TwoHopProgressDialog
        jobId={open.jobId}
        operation={operation.data ?? null}
        onClose={close}
        onHide={hide}
      />
    );
  }
  return <JobProgressDialog job={job.data} operation={operation} onClose={close} onHide={hide} />;
}

function ForgetJob() {
  useEffect(() => setOpenJob(null), []);
  return null;
}
