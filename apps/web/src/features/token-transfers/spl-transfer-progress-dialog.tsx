import type { SplTransferProgress } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import type { SplTransferKind } from '../jobs/job-progress';
import { JobLog, JobProgressBar, JobProgressFooter } from '../jobs/job-progress-parts';
import { useAbortJob } from '../jobs/use-jobs';
import { useMasterHoldings } from '../master-wallet/use-master-holdings';
import { OperationReportTable, SignatureLink } from '../operations/operation-report-table';
import { KIND_LABELS, reportRows } from '../operations/operation-rows';
import { useOperation } from '../operations/use-operations';
import { movedMintRows, splProgressView } from './transfer-progress';

/**
 * An SPL withdrawal's or distribution's progress (spec 2 §4, §7): processed/total, the status
 * message and the newest 50 log lines, polled every 2 s; Cancel asks the job to stop (Hide leaves
 * it running, the bottom bar brings it back); once done, Close and the report: what moved per
 * mint, each wallet's or recipient's result with its signature, and every error.
 */
export function SplTransferProgressDialog({
  kind,
  progress,
  onRefetch,
  onClose,
  onHide,
}: {
  readonly kind: SplTransferKind;
  readonly progress: SplTransferProgress;
  readonly onRefetch: () => void;
  readonly onClose: () => void;
  readonly onHide: () => void;
}) {
  const abort = useAbortJob();
  const [cancelAsked, setCancelAsked] = useState(false);
  const view = splProgressView(progress, cancelAsked);
  const cancel = () =>
    abort.mutate(progress.jobId, {
      onSuccess: () => {
        setCancelAsked(true);
        onRefetch();
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) (view.canClose ? onClose : onHide)();
      }}
      title={KIND_LABELS[kind]}
      description={view.totalsText}
      className="w-[min(60rem,calc(100vw-2rem))]"
      footer={
        <JobProgressFooter
          canClose={view.canClose}
          canCancel={view.canCancel}
          cancelling={abort.isPending}
          onHide={onHide}
          onCancel={cancel}
          onClose={onClose}
        />
      }
    >
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-auto pr-1">
        <JobProgressBar
          label="Transfer progress"
          percent={view.percent}
          countText={view.countText}
        />
        <p role="status" className="text-sm text-fg-muted">
          {view.statusText}
        </p>
        {abort.isError ? (
          <Alert kind="error">{errorMessage(abort.error, 'Abort Failed')}</Alert>
        ) : null}
        <JobLog lines={view.logLines} />
        {view.canClose ? <TransferReport progress={progress} /> : null}
      </div>
    </Dialog>
  );
}

/** The finished job's report: per mint, the errors, and every item with its signature. */
function TransferReport({ progress }: { readonly progress: SplTransferProgress }) {
  const operation = useOperation(progress.operationId);
  // The mints' decimals, for amounts in tokens: the master holds what a withdrawal moved.
  const holdings = useMasterHoldings();
  const decimalsOf = new Map((holdings.data?.tokens ?? []).map((t) => [t.mint, t.decimals]));
  const { errors } = progress.report;
  const moved = movedMintRows(progress.report, decimalsOf);
  return (
    <>
      {moved.length > 0 ? (
        <table className="w-full text-xs" aria-label="Moved per mint">
          <thead className="text-left text-fg-muted">
            <tr>
              <th className="px-2 py-1">Mint</th>
              <th className="px-2 py-1 text-right">Sent</th>
              <th className="px-2 py-1 text-right">Received</th>
            </tr>
          </thead>
          <tbody>
            {moved.map((row) => (
              <tr key={row.mint} className="border-t border-border" data-mint={row.mint}>
                <td className="px-2 py-1 font-mono" title={row.mint}>
                  {shortenAddress(row.mint)}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{row.amount}</td>
                <td className="px-2 py-1 text-right tabular-nums">{row.received}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {errors.length > 0 ? (
        <div className="max-h-48 overflow-auto rounded-md border border-danger/40">
          <table className="w-full text-xs" aria-label="Errors">
            <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
              <tr>
                <th className="px-2 py-1">Wallet</th>
                <th className="px-2 py-1">Token account</th>
                <th className="px-2 py-1">Mint</th>
                <th className="px-2 py-1">Signature</th>
                <th className="px-2 py-1">Error</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error, index) => (
                <tr key={`${index}:${error.tokenAccount}`} className="border-t border-border">
                  <td className="px-2 py-1 font-mono">{shortenAddress(error.wallet)}</td>
                  <td className="px-2 py-1 font-mono">{shortenAddress(error.tokenAccount)}</td>
                  <td className="px-2 py-1 font-mono">{shortenAddress(error.mint)}</td>
                  <td className="px-2 py-1 font-mono">
                    <SignatureLink signature={error.signature} />
                  </td>
                  <td className="px-2 py-1 text-danger">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Alert kind="success">Every transfer went through.</Alert>
      )}
      {operation.data ? (
        <OperationReportTable rows={reportRows(operation.data, decimalsOf)} />
      ) : null}
      {operation.isError ? (
        <Alert kind="error">{errorMessage(operation.error, 'The report could not be read.')}</Alert>
      ) : null}
    </>
  );
}
