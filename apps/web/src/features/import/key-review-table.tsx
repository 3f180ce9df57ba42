import { formatLamportsAsSol } from '@fleet/core';
import { memo } from 'react';
import { shortenAddress } from '../../format/address';
import { cn } from '../../ui/cn';
import { rowIconClass } from '../../ui/icon-images';
import { useCopy } from '../../ui/use-copy';
import { VirtualTable } from '../../ui/virtual-table';
import { REVIEW_STATUS_LABELS, type ReviewRow } from './key-review';
import { scannedLamports } from './review-view';
import type { WalletScan } from './scan-state';

/**
 * The Private Keys review: the line each key came from, a checkbox for each new wallet only,
 * status, balances once scanned. A paste can hold 5,000 keys, so only the rows in view are in
 * the DOM (`VirtualTable`). `rows` are the rows shown (sorted, filtered); "select all" acts on
 * every new wallet of the review, `allRows`.
 */
export function KeyReviewTable({
  rows,
  allRows,
  selection,
  scanned,
  onToggle,
  onToggleAll,
}: {
  readonly rows: readonly ReviewRow[];
  readonly allRows: readonly ReviewRow[];
  readonly selection: ReadonlySet<string>;
  readonly scanned: ReadonlyMap<string, WalletScan>;
  readonly onToggle: (address: string, checked: boolean) => void;
  readonly onToggleAll: (checked: boolean) => void;
}) {
  let newCount = 0;
  for (const row of allRows) if (row.status === 'new') newCount += 1;
  const allSelected = newCount > 0 && selection.size === newCount;
  const copy = useCopy();
  return (
    <VirtualTable
      label="Review wallets"
      rows={rows}
      rowKey={(row) => row.address}
      columns="grid-cols-[1.5rem_4rem_minmax(0,1fr)_6rem_8rem_5rem]"
      maxHeight="max-h-[60vh]"
      header={
        <>
          <span role="columnheader">
            <input
              type="checkbox"
              aria-label="Select all new wallets"
              className="size-4 accent-[var(--accent)]"
              checked={allSelected}
              disabled={newCount === 0}
              onChange={(event) => onToggleAll(event.target.checked)}
            />
          </span>
          <span role="columnheader">Line</span>
          <span role="columnheader">Address</span>
          <span role="columnheader">Status</span>
          <span role="columnheader" className="text-right">
            SOL
          </span>
          <span role="columnheader" className="text-right">
            Tokens
          </span>
        </>
      }
      cells={(row) => (
        <ReviewCells
          row={row}
          selected={selection.has(row.address)}
          wallet={scanned.get(row.address)}
          onToggle={onToggle}
          onCopy={copy}
        />
      )}
    />
  );
}

/**
 * One row's cells. Memoised: a scroll re-renders the table for the rows that come into view, and
 * the rows already there have nothing new to draw.
 */
const ReviewCells = memo(function ReviewCells({
  row,
  selected,
  wallet,
  onToggle,
  onCopy,
}: {
  readonly row: ReviewRow;
  readonly selected: boolean;
  readonly wallet: WalletScan | undefined;
  readonly onToggle: (address: string, checked: boolean) => void;
  readonly onCopy: (value: string) => Promise<unknown>;
}) {
  return (
    <>
      <span role="cell">
        {row.status === 'new' ? (
          <input
            type="checkbox"
            aria-label={`Select ${row.address}`}
            className="size-4 accent-[var(--accent)]"
            checked={selected}
            onChange={(event) => onToggle(row.address, event.target.checked)}
          />
        ) : null}
      </span>
      <span role="cell" className="tabular-nums text-fg-muted">
        {row.line}
      </span>
      <span role="cell" className="flex min-w-0 items-center gap-1 font-mono text-xs">
        <code title={row.address} className="truncate">
          {shortenAddress(row.address, 6)}
        </code>
        {/* A background-image icon, not an inline SVG: rows scroll in by the dozen per frame
            (ui/icon-images.ts). */}
        <button
          type="button"
          aria-label={`Copy address ${row.address}`}
          title={`Copy address ${row.address}`}
          className={cn('shrink-0 rounded hover:bg-surface-sunken', rowIconClass('copy', 'small'))}
          onClick={() => void onCopy(row.address)}
        />
      </span>
      <span role="cell">
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
      </span>
      <BalanceCells wallet={wallet} />
    </>
  );
});

/** SOL and token-account count once a scan read the wallet; a dash before; the error if it failed. */
function BalanceCells({ wallet }: { readonly wallet: WalletScan | undefined }) {
  if (wallet && !wallet.ok) {
    return (
      <>
        <span role="cell" className="truncate text-right text-danger" title={wallet.error ?? ''}>
          {wallet.error ?? 'Scan failed'}
        </span>
        <span role="cell" className="text-right text-danger">
          —
        </span>
      </>
    );
  }
  const lamports = scannedLamports(wallet);
  return (
    <>
      <span role="cell" className="text-right tabular-nums">
        {lamports === undefined ? '—' : formatLamportsAsSol(lamports)}
      </span>
      <span role="cell" className="text-right tabular-nums">
        {wallet ? wallet.tokenAccounts : '—'}
      </span>
    </>
  );
}
