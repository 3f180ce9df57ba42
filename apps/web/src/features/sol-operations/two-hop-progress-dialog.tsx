import type { OperationDetail } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { REPORT_ROWS_SHOWN } from '../operations/operation-report-table';
import { RetryFailedButton } from './retry-failed-dialog';
import { strandedMiddlemen, twoHopCounts, twoHopProgressLine, twoHopTally } from './two-hop-form';
import { useAbortDoubleDistribution, useDoubleDistributionProgress } from './use-sol-operations';

/**
 * Spec 3 §4's double distribution: progress every 1.5 s until done, each destination's middleman
 * and status; Cancel posts the abort and stops polling, then Close. Middlemen still holding SOL
 * are listed with their balance.
 */
export function TwoHopProgressDialog({
  jobId,
  operation,
  onClose,
  onHide,
}: {
  readonly jobId: string;
  /** The ledger's operation, read for "Retry failed" once the run is over. */
  readonly operation: OperationDetail | null;
  readonly onClose: () => void;
  readonly onHide: () => void;
}) {
  const [cancelled, setCancelled] = useState(false);
  const progress = useDoubleDistributionProgress(jobId, !cancelled);
  const abort = useAbortDoubleDistribution();
  const data = progress.data;
  const done = data?.isDone === true || cancelled;
  // While legs are still pending a middleman holds SOL on its way; only at the end is it stranded.
  const stranded = data && done ? strandedMiddlemen(data) : [];
  // Counted per destination from the results (the job's own counts once counted legs).
  const tally = data ? twoHopTally(data) : null;
  const cancel = () =>
    abort.mutate(jobId, {
      onSuccess: () => {
        setCancelled(true);
        void progress.refetch();
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && done) onClose();
      }}
      title="2-hop distribution"
      description={data ? twoHopProgressLine(data) : 'Loading…'}
      className="w-[min(52rem,calc(100vw-2rem))]"
      footer={
        <>
          {!done ? (
            <>
              <Button variant="ghost" onClick={onHide}>
                Hide
              </Button>
              <Button variant="danger" busy={abort.isPending} onClick={cancel}>
                Cancel
              </Button>
            </>
          ) : null}
          {done && operation ? (
            <RetryFailedButton operation={operation} jobDone={data?.isDone === true} />
          ) : null}
          <Button variant="primary" disabled={!done} onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {data && tally ? (
          <>
            <progress
              className="h-2 w-full"
              max={Math.max(1, tally.total)}
              value={tally.settled}
              aria-label="Two-hop progress"
              aria-valuetext={`${tally.settled} of ${tally.total} destinations`}
            />
            <p className="text-sm" role="status">
              {twoHopCounts(data)}
            </p>
            <div className="max-h-72 overflow-auto rounded-md border border-border">
              <table className="w-full text-xs">
                <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
                  <tr>
                    <th className="px-2 py-1">Destination</th>
                    <th className="px-2 py-1">Middleman</th>
                    <th className="px-2 py-1">Status</th>
                    <th className="px-2 py-1">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.slice(0, REPORT_ROWS_SHOWN).map((result) => (
                    <tr key={result.middleman} className="border-t border-border">
                      <td className="px-2 py-1 font-mono">{shortenAddress(result.destination)}</td>
                      <td className="px-2 py-1 font-mono">{shortenAddress(result.middleman)}</td>
                      <td className="px-2 py-1">{result.status}</td>
                      <td className="px-2 py-1 text-danger">{result.error ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {stranded.length > 0 ? (
              <Alert kind="warning">
                Middlemen still holding SOL (withdraw them to the master):{' '}
                {stranded
                  .map((row) => `${shortenAddress(row.middleman)} ${row.balance}`)
                  .join(', ')}
              </Alert>
            ) : null}
          </>
        ) : null}
        {progress.isError ? (
          <Alert kind="error">{errorMessage(progress.error, 'Failed to fetch progress')}</Alert>
        ) : null}
        {abort.isError ? (
          <Alert kind="error">{errorMessage(abort.error, 'Abort Failed')}</Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
