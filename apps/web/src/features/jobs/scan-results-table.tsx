import { shortenAddress } from '../../format/address';
import { cn } from '../../ui/cn';

/** The most rows a scan's results table shows; the rest are counted beneath it. */
export const SCAN_RESULTS_SHOWN = 500;

/** One wallet's line in a scan's results. */
export interface ScanResultsRow {
  readonly address: string;
  readonly status: string;
  /** "2 SPL · 1 empty · 1 NFT" */
  readonly tokens: string;
  readonly error: string;
}

/**
 * Spec 2 §9's scan results table (wallet, status, tokens and error), shared by the final truth
 * scan and Deep Scan. The rows come in the order to show them: the callers put errors first.
 */
export function ScanResultsTable({ rows }: { readonly rows: readonly ScanResultsRow[] }) {
  return (
    <div className="max-h-72 overflow-auto rounded-md border border-border">
      <table className="w-full text-xs" aria-label="Scan results">
        <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
          <tr>
            <th className="px-2 py-1">Wallet</th>
            <th className="px-2 py-1">Status</th>
            <th className="px-2 py-1">Tokens</th>
            <th className="px-2 py-1">Error</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SCAN_RESULTS_SHOWN).map((row) => (
            <tr key={row.address} className="border-t border-border" data-address={row.address}>
              <td className="px-2 py-1 font-mono" title={row.address}>
                {shortenAddress(row.address)}
              </td>
              <td className={cn('px-2 py-1', row.status === 'error' && 'text-danger')}>
                {row.status}
              </td>
              <td className="px-2 py-1 tabular-nums">{row.tokens}</td>
              <td className="px-2 py-1 text-danger">{row.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
