import type { JobView } from '@fleet/core';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import { progressView } from '../jobs/job-progress';
import { JobProgressBar, JobProgressFooter } from '../jobs/job-progress-parts';
import { useAbortJob } from '../jobs/use-jobs';
import { OperationReportTable } from '../operations/operation-report-table';
import { KIND_LABELS, reportRows } from '../operations/operation-rows';
import type { useOperation } from '../operations/use-operations';
import { RetryFailedButton } from './retry-failed-dialog';

/**
 * A money job's progress (spec 2 §4): phase, processed/total, status; Cancel asks the job to stop;
 * Close is enabled only when done, and then the report lists each wallet's result and offers
 * "Retry failed" when some wallet failed.
 */
export function JobProgressDialog({
  job,
  operation,
  onClose,
  onHide,
}: {
  readonly job: JobView;
  readonly operation: ReturnType<typeof useOperation>;
  readonly onClose: () => void;
  readonly onHide: () => void;
}) {
  const abort = useAbortJob();
  const view = progressView(job);
  const kind = operation.data?.kind;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && view.canClose) onClose();
      }}
      title={kind ? KIND_LABELS[kind] : 'Operation'}
      description={`Phase: ${view.phase}`}
      className="w-[min(52rem,calc(100vw-2rem))]"
      footer={
        <JobProgressFooter
          canClose={view.canClose}
          canCancel={view.canCancel}
          cancelling={abort.isPending}
          onHide={onHide}
          onCancel={() => abort.mutate(job.id)}
          onClose={onClose}
          whenDone={
            operation.data ? <RetryFailedButton operation={operation.data} jobDone /> : null
          }
        />
      }
    >
      <div className="flex flex-col gap-3">
        <JobProgressBar
          label="Operation progress"
          percent={view.percent}
          countText={view.countText}
        />
        <p role="status" className="text-sm text-fg-muted">
          {view.statusText}
        </p>
        {abort.isError ? (
          <Alert kind="error">{errorMessage(abort.error, 'Abort Failed')}</Alert>
        ) : null}
        {view.canClose && operation.data ? (
          <OperationReportTable rows={reportRows(operation.data)} />
        ) : null}
        {view.canClose && operation.isError ? (
          <Alert kind="error">
            {errorMessage(operation.error, 'The report could not be read.')}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
