import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { currentScan, importBlocker, type ScanState } from './scan-state';

const STATUS_TEXT = {
  idle: 'Not scanned',
  running: 'Scanning…',
  success: 'Scanned',
  error: 'Scan failed',
} as const;

/**
 * Scan assets and Import for a review: the scan's state for the wallets in play, the scan's error,
 * the import's error, and why Import is not allowed yet (spec 1 §5).
 */
export function ScanActionBar({
  addresses,
  scan,
  onScan,
  onImport,
  importing,
  importLabel,
  importError,
  scanUnavailable,
}: {
  readonly addresses: readonly string[];
  readonly scan: ScanState;
  readonly onScan: () => void;
  readonly onImport: () => void;
  readonly importing: boolean;
  readonly importLabel: string;
  readonly importError: string | null;
  /** Shown instead of scanning when there is nothing to scan. */
  readonly scanUnavailable?: string | null;
}) {
  const applying = currentScan(scan, addresses);
  const blocker = importBlocker(addresses, scan);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={onScan}
          busy={applying.status === 'running'}
          disabled={addresses.length === 0}
        >
          Scan assets
        </Button>
        <span className="text-sm text-fg-muted" data-scan-status={applying.status}>
          {STATUS_TEXT[applying.status]}
          {applying.status === 'success'
            ? ` · ${applying.preview.stats.durationMs} ms, ${applying.preview.tokens.length} token mint(s)`
            : null}
        </span>
        <Button
          variant="primary"
          className="ml-auto"
          onClick={onImport}
          busy={importing}
          disabled={blocker !== null}
        >
          {importLabel}
        </Button>
      </div>
      {scanUnavailable ? <Alert kind="info">{scanUnavailable}</Alert> : null}
      {applying.status === 'error' ? (
        <Alert kind="error" className="keep-case break-all">
          {applying.message}
        </Alert>
      ) : null}
      {blocker ? <Alert kind="info">{blocker}</Alert> : null}
      {importError ? <Alert kind="error">{importError}</Alert> : null}
    </div>
  );
}
