import type { FinalTruthScanProgress } from '@fleet/core';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { JobLog, JobProgressBar } from '../jobs/job-progress-parts';
import { SCAN_RESULTS_SHOWN, ScanResultsTable } from '../jobs/scan-results-table';
import {
  CANCELLATION_REQUESTED,
  abortFailedToast,
  finalTruthScanView,
  orderedResultRows,
} from './final-truth-scan-view';
import { useAbortFinalTruthScan } from './use-final-truth-scan';

/** The report table draws this many rows; the stats above it count every wallet. */

/**
 * The Final Truth Scan's progress (spec 2 §4): processed/total, the status and the newest log
 * lines, polled every 2 s; Cancel Scan asks it to stop; Close while it runs leaves it running in
 * the background (the bottom bar brings the dialog back); once done, the report of every wallet.
 */
export function FinalTruthScanDialog({
  progress,
  onHide,
  onClose,
}: {
  readonly progress: FinalTruthScanProgress;
  readonly onHide: () => void;
  readonly onClose: () => void;
}) {
  const abort = useAbortFinalTruthScan();
  const toast = useToast();
  const view = finalTruthScanView(progress);
  const close = view.isDone ? onClose : onHide;
  const cancel = () =>
    abort.mutate(progress.jobId, {
      onSuccess: () => toast.show(CANCELLATION_REQUESTED),
      onError: (error) => toast.show(abortFailedToast(error)),
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Final Truth Scan"
      description={view.statsText}
      className="w-[min(60rem,calc(100vw-2rem))]"
      footer={
        <>
          {!view.isDone ? (
            <Button
              variant="danger"
              busy={abort.isPending}
              disabled={!view.canCancel}
              onClick={cancel}
            >
              Cancel Scan
            </Button>
          ) : null}
          <Button variant="primary" onClick={close}>
            Close
          </Button>
        </>
      }
    >
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-auto pr-1">
        <JobProgressBar label="Scan progress" percent={view.percent} countText={view.countText} />
        <p role="status" className="text-sm text-fg-muted">
          {view.statusText}
        </p>
        {!view.isDone ? (
          <p className="text-xs text-fg-muted">
            Closing this dialog leaves the scan running; the bottom bar shows it.
          </p>
        ) : null}
        <JobLog lines={view.logLines} />
        {view.isDone ? <ScanReport progress={progress} /> : null}
      </div>
    </Dialog>
  );
}

/** Spec 2 §9's scan results table: wallet, status, tokens and error; errors first. */
function ScanReport({ progress }: { readonly progress: FinalTruthScanProgress }) {
  const { report } = progress;
  const rows = orderedResultRows(report.results);
  const shown = Math.min(rows.length, SCAN_RESULTS_SHOWN);
  return (
    <>
      {report.errors.length === 0 ? (
        <Alert kind="success">Every wallet scanned was read in full.</Alert>
      ) : (
        <Alert kind="warning">
          {report.errors.length.toLocaleString('en-US')} wallet(s) could not be read; their stored
          balances were left as they were.
        </Alert>
      )}
      <ScanResultsTable rows={rows} />
      {rows.length > shown || report.stats.totalWallets > rows.length ? (
        <p className="text-xs text-fg-muted">
          Showing {shown.toLocaleString('en-US')} of{' '}
          {report.stats.totalWallets.toLocaleString('en-US')} wallets.
        </p>
      ) : null}
    </>
  );
}
