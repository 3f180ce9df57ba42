import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { progressPercent, progressText, shownTokens, type AssetScanState } from './asset-scan-view';
import { releaseSyncScan } from '../sync-scans/sync-scan-open-job';
import { useAssetScan } from './use-asset-scan';

/**
 * The GetAssets Scan dialog (spec 2 §2.4, §4: running, then complete, or error, with logs; §9:
 * the first 120 tokens). It starts a scan of `publicAddresses` (none: every active wallet), or
 * follows the scan `jobId` when reopened. Closing it while the scan runs leaves the scan running,
 * followed out of sight (the bottom bar reopens it); Cancel stops it after the batch in hand, and
 * the wallets already scanned stay written.
 */
export function AssetScanDialog(props: {
  readonly publicAddresses: readonly string[];
  readonly jobId: string | null;
  readonly onClose: () => void;
}) {
  const scan = useAssetScan(props.publicAddresses, props.jobId);
  const { state } = scan;
  const running = state.kind === 'running';
  const close = () => {
    if (scan.jobId !== null) releaseSyncScan(scan.jobId, !running);
    props.onClose();
  };
  const scope =
    props.jobId !== null
      ? 'The scan kept open'
      : props.publicAddresses.length === 0
        ? 'Every active wallet'
        : `${props.publicAddresses.length} selected wallet(s)`;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="GetAssets Scan"
      description={`${scope}, read through the digital-asset API (getAssetsByOwner).${running ? ' Closing this dialog leaves the scan running; the bottom bar shows it.' : ''}`}
      className="w-[min(48rem,calc(100vw-2rem))]"
      footer={
        <>
          {scan.cancel !== null ? (
            <Button variant="secondary" disabled={scan.cancelling} onClick={scan.cancel}>
              {scan.cancelling ? 'Cancelling…' : 'Cancel scan'}
            </Button>
          ) : null}
          <Button variant={running ? 'secondary' : 'primary'} onClick={close}>
            Close
          </Button>
        </>
      }
    >
      <AssetScanBody state={state} />
      {scan.cancelError ? (
        <Alert kind="error">
          {errorMessage(scan.cancelError, 'The scan could not be cancelled.')}
        </Alert>
      ) : null}
    </Dialog>
  );
}

function AssetScanBody({ state }: { readonly state: AssetScanState }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <progress
        className="h-2 w-full"
        max={100}
        value={progressPercent(state)}
        aria-label="GetAssets progress"
      />
      {state.kind === 'error' ? (
        <Alert kind="error">{progressText(state)}</Alert>
      ) : (
        <p role="status" className="text-fg-muted">
          {progressText(state)}
        </p>
      )}
      {state.kind === 'complete' ? <AssetScanResult state={state} /> : null}
    </div>
  );
}

function AssetScanResult({
  state,
}: {
  readonly state: Extract<AssetScanState, { kind: 'complete' }>;
}) {
  const { rows, hiddenCount } = shownTokens(state.result);
  const { errors, logMessages } = state.result;
  return (
    <>
      {errors.length > 0 ? (
        <Alert kind="warning">
          {errors.length} wallet(s) could not be read; they keep what was stored.
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <p>No assets found.</p>
      ) : (
        <div className="max-h-72 overflow-auto rounded-md border border-border">
          <Table aria-label="Assets found">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Token</TableHeaderCell>
                <TableHeaderCell>Type</TableHeaderCell>
                <TableHeaderCell className="text-right">Balance</TableHeaderCell>
                <TableHeaderCell className="text-right">Holders</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell title={row.id}>{row.label}</TableCell>
                  <TableCell>{row.type}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.balance}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.holders}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {hiddenCount > 0 ? <p className="text-fg-muted">…and {hiddenCount} more token(s).</p> : null}
      <ol
        aria-label="GetAssets log"
        className="max-h-32 overflow-auto rounded-md border border-border bg-surface-sunken p-2 font-mono text-xs"
      >
        {[...errors.map((e) => `${e.address}: ${e.error}`), ...logMessages]
          .slice(-50)
          .map((line, index) => (
            <li key={index}>{line}</li>
          ))}
      </ol>
    </>
  );
}
