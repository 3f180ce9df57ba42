import type { JobView } from '@fleet/core';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { progressView } from '../jobs/job-progress';
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
        <>
          {!view.canClose ? (
            <>
              <Button variant="ghost" onClick={onHide}>
                Hide
              </Button>
              <Button
                variant="danger"
                busy={abort.isPending}
                disabled={!view.canCancel}
                onClick={() => abort.mutate(job.id)}
              >
                Cancel
              </Button>
            </>
          ) : null}
          {view.canClose && operation.data ? (
            <RetryFailedButton operation={operation.data} jobDone />
          ) : null}
          <Button variant="primary" disabled={!view.canClose} onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-3">
          <progress
            className="h-2 flex-1"
            max={100}
            value={view.percent}
            aria-label="Operation progress"
            aria-valuetext={view.countText}
          />
          <span className="text-sm tabular-nums">{view.countText}</span>
        </div>
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
