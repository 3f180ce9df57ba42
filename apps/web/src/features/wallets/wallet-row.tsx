import { ChevronDown, ChevronRight, Copy, ExternalLink } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../../ui/cn';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import { ImportStatusBadge, MasterBadge } from './import-status-badge';
import { explorerAddressUrl } from './wallet-format';
import { WalletRowActions } from './wallet-row-actions';
import type { WalletRowView } from './wallet-row-view';
import { ROW_HEIGHT, type TableColumn } from './wallet-table-columns';

/**
 * The row's icons as elements made once: React skips an element it has already rendered when it
 * is the very same object, so a row reused for another wallet while scrolling does not rebuild
 * its SVGs.
 */
const EXPANDED_ICON = <ChevronDown className="size-4" aria-hidden />;
const COLLAPSED_ICON = <ChevronRight className="size-4" aria-hidden />;
const COPY_ICON = <Copy className="size-3.5" aria-hidden />;
const EXPLORER_ICON = <ExternalLink className="size-3.5" aria-hidden />;

export interface WalletRowProps {
  readonly view: WalletRowView;
  readonly number: number;
  readonly selected: boolean;
  readonly expanded: boolean;
  readonly highlighted: boolean;
  readonly unit: DisplayUnit;
  readonly hideBalances: boolean;
  readonly columns: readonly TableColumn[];
  readonly template: string;
  /** Offset in the virtual body: a number, so the memoised row skips renders while scrolling. */
  readonly top: number;
  /** Its place in the table for assistive technology (the header is row 1). */
  readonly rowIndex: number;
  readonly onCheck: (id: string, shiftKey: boolean) => void;
  readonly onToggleExpand: (id: string) => void;
  /** One copy handler for the table (a hook per row would subscribe every row to the toasts). */
  readonly onCopy: (text: string) => void;
}

/**
 * One wallet row. Memoised: it re-renders only when its own props change, and everything it shows
 * was formatted once per data change (`WalletRowView`).
 */
export const WalletRow = memo(function WalletRow(props: WalletRowProps) {
  const { view, selected, highlighted, template, top } = props;
  return (
    <div
      role="row"
      aria-rowindex={props.rowIndex}
      aria-selected={selected}
      data-wallet-id={view.id}
      className={cn(
        'absolute top-0 left-0 grid w-full items-center border-b border-border text-sm',
        selected ? 'bg-accent/10' : 'hover:bg-surface-sunken/60',
        highlighted && 'outline-2 -outline-offset-2 outline-warning bg-warning/15',
      )}
      // Fixed size and strict containment: a new row never makes the browser lay out the others.
      style={{
        transform: `translateY(${top}px)`,
        height: ROW_HEIGHT,
        gridTemplateColumns: template,
        contain: 'strict',
      }}
    >
      {props.columns.map((column) => (
        <div
          key={column.id}
          role="cell"
          className={cn(
            'min-w-0 truncate px-2',
            column.align === 'right' && 'text-right tabular-nums',
          )}
        >
          {cellContent(column.id, props)}
        </div>
      ))}
    </div>
  );
});

function balance(text: string, hide: boolean): string {
  return hide ? HIDDEN_BALANCE : text;
}

function cellContent(id: TableColumn['id'], props: WalletRowProps) {
  const { view, unit, hideBalances } = props;
  switch (id) {
    case 'select':
      return (
        <input
          type="checkbox"
          aria-label={`Select ${view.address}`}
          className="size-4 accent-[var(--accent)]"
          checked={props.selected}
          onChange={(event) =>
            props.onCheck(
              view.id,
              event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey,
            )
          }
        />
      );
    case 'icons':
      return (
        <span className="flex items-center">
          <button
            type="button"
            aria-label={props.expanded ? 'Hide tokens' : 'Show tokens'}
            aria-expanded={props.expanded}
            className="rounded p-1.5 text-fg-muted hover:bg-surface-sunken hover:text-fg"
            onClick={() => props.onToggleExpand(view.id)}
          >
            {props.expanded ? EXPANDED_ICON : COLLAPSED_ICON}
          </button>
          <button
            type="button"
            aria-label={`Copy address ${view.address}`}
            title="Copy address"
            className="rounded p-1.5 text-fg-muted hover:bg-surface-sunken hover:text-fg"
            onClick={() => props.onCopy(view.address)}
          >
            {COPY_ICON}
          </button>
          <a
            href={explorerAddressUrl(view.address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${view.address} on explorer`}
            title="View on explorer"
            className="rounded p-1.5 text-fg-muted hover:bg-surface-sunken hover:text-fg"
          >
            {EXPLORER_ICON}
          </a>
        </span>
      );
    case 'wallet':
      return (
        <span className="flex min-w-0 items-center gap-2" title={view.address}>
          <span className="w-10 shrink-0 text-right text-xs text-fg-muted tabular-nums">
            {props.number}
          </span>
          {view.isMaster ? <MasterBadge /> : null}
          {view.importStatus ? <ImportStatusBadge status={view.importStatus} /> : null}
          <span className="truncate font-mono text-xs">{view.shortAddress}</span>
          {view.name ? <span className="truncate text-xs text-fg-muted">{view.name}</span> : null}
        </span>
      );
    case 'source':
      return <span className="text-xs">{view.sourceLabel}</span>;
    case 'tags':
      return (
        <span className="flex items-center gap-1" title={view.allTagNames}>
          {view.tags.map((tag) => (
            <span
              key={tag.id}
              className="truncate rounded px-1.5 py-px text-[10px] font-semibold"
              style={{ backgroundColor: `${tag.color}33`, color: tag.color, maxWidth: '5.5rem' }}
            >
              {tag.name}
            </span>
          ))}
          {view.moreTags > 0 ? (
            <span className="text-[10px] text-fg-muted">+{view.moreTags}</span>
          ) : null}
        </span>
      );
    case 'total':
      return balance(view.totalText, hideBalances);
    case 'sol':
      return balance(unit === 'sol' ? view.solText : view.lamportsText, hideBalances);
    case 'tokensValue':
      return balance(view.tokensValueText, hideBalances);
    case 'withCount':
      return view.withCount;
    case 'zeroCount':
      return view.zeroCount;
    case 'importedAt':
      return (
        <span className="text-xs text-fg-muted" title={view.importedTitle}>
          {view.importedText}
        </span>
      );
    case 'actions':
      return <WalletRowActions id={view.id} address={view.address} />;
  }
}
