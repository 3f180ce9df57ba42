import { shortenAddress } from '../../format/address';
import { cn } from '../../ui/cn';
import { CopyButton } from '../../ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { REVIEW_STATUS_LABELS, type ReviewRow } from './key-review';
import { ScanCells } from './scan-cells';
import type { WalletScan } from './scan-state';

/** The Private Keys review: a checkbox for each new wallet only, status, balances once scanned. */
export function KeyReviewTable({
  rows,
  selection,
  scanned,
  onToggle,
  onToggleAll,
}: {
  readonly rows: readonly ReviewRow[];
  readonly selection: ReadonlySet<string>;
  readonly scanned: ReadonlyMap<string, WalletScan>;
  readonly onToggle: (address: string, checked: boolean) => void;
  readonly onToggleAll: (checked: boolean) => void;
}) {
  const newCount = rows.filter((row) => row.status === 'new').length;
  const allSelected = newCount > 0 && selection.size === newCount;
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border border-border">
      <Table>
        <TableHead>
          <TableRow>
            <TableHeaderCell className="w-10">
              <input
                type="checkbox"
                aria-label="Select all new wallets"
                className="size-4 accent-[var(--accent)]"
                checked={allSelected}
                disabled={newCount === 0}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </TableHeaderCell>
            <TableHeaderCell>Address</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell className="text-right">SOL</TableHeaderCell>
            <TableHeaderCell className="text-right">Tokens</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.address}>
              <TableCell>
                {row.status === 'new' ? (
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.address}`}
                    className="size-4 accent-[var(--accent)]"
                    checked={selection.has(row.address)}
                    onChange={(event) => onToggle(row.address, event.target.checked)}
                  />
                ) : null}
              </TableCell>
              <TableCell className="font-mono text-xs">
                <code title={row.address}>{shortenAddress(row.address, 6)}</code>
                <CopyButton value={row.address} label={`Copy address ${row.address}`} />
              </TableCell>
              <TableCell>
                <span
                  className={cn(
                    'rounded px-2 py-0.5 text-xs font-semibold',
                    row.status === 'new' && 'bg-success/10 text-success',
                    row.status === 'duplicate' && 'bg-surface-sunken text-fg-muted',
                    row.status === 'archived' && 'bg-warning/10 text-warning',
                  )}
                >
                  {REVIEW_STATUS_LABELS[row.status]}
                </span>
              </TableCell>
              <ScanCells wallet={scanned.get(row.address)} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
