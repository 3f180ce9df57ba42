import { memo } from 'react';
import { cn } from '../../ui/cn';
import { rowIconClass } from '../../ui/icon-images';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import { ImportStatusBadge, MasterBadge } from './import-status-badge';
import { explorerAddressUrl } from './wallet-format';
import { WalletRowActions } from './wallet-row-actions';
import type { WalletRowView } from './wallet-row-view';
import { ROW_HEIGHT, type TableColumn } from './wallet-table-columns';

/** The icon buttons: background-image icons (ui/icon-images), no SVG subtree per row. */
const ICON_BUTTON = 'rounded hover:bg-surface-sunken';
const EXPANDED_CLASS = cn(ICON_BUTTON, rowIconClass('chevron-down'));
const COLLAPSED_CLASS = cn(ICON_BUTTON, rowIconClass('chevron-right'));
const COPY_CLASS = cn(ICON_BUTTON, rowIconClass('copy', 'small'));
const EXPLORER_CLASS = cn(ICON_BUTTON, rowIconClass('external-link', 'small'));

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
        'absolute top-0 left-0 grid w-full items-center border-b border-border text-sm whitespace-nowrap',
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
            'min-w-0 px-2',
            column.align === 'right' && 'text-right tabular-nums',
            cellClips(column.id, props) && 'truncate',
          )}
        >
          {cellContent(column.id, props)}
        </div>
      ))}
    </div>
  );
});

/** Whether the cell must clip its text: only when it could be wider than the cell (cell-overflow). */
function cellClips(id: TableColumn['id'], props: WalletRowProps): boolean {
  const { clips } = props.view;
  switch (id) {
    case 'wallet':
      return clips.wallet;
    case 'source':
      return clips.source;
    case 'tags':
      return clips.tags;
    case 'total':
      return !props.hideBalances && clips.total;
    case 'sol':
      return !props.hideBalances && (props.unit === 'sol' ? clips.sol : clips.lamports);
    case 'tokensValue':
      return !props.hideBalances && clips.tokensValue;
    case 'importedAt':
      return clips.importedAt;
    case 'select':
    case 'icons':
    case 'withCount':
    case 'zeroCount':
    case 'actions':
      return false;
  }
}

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
            className={props.expanded ? EXPANDED_CLASS : COLLAPSED_CLASS}
            onClick={() => props.onToggleExpand(view.id)}
          />
          <button
            type="button"
            aria-label={`Copy address ${view.address}`}
            title="Copy address"
            className={COPY_CLASS}
            onClick={() => props.onCopy(view.address)}
          />
          <a
            href={explorerAddressUrl(view.address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${view.address} on explorer`}
            title="View on explorer"
            className={EXPLORER_CLASS}
          />
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
          <span className="shrink-0 font-mono text-xs">{view.shortAddress}</span>
          {view.name ? (
            <span className="min-w-0 truncate text-xs text-fg-muted">{view.name}</span>
          ) : null}
        </span>
      );
    case 'source':
      return (
        <span className="text-xs" title={view.clips.source ? view.sourceLabel : undefined}>
          {view.sourceLabel}
        </span>
      );
    case 'tags':
      return (
        <span className="flex items-center gap-1" title={view.allTagNames}>
          {view.tags.map((tag) => (
            <span
              key={tag.id}
              className={cn(
                'rounded px-1.5 py-px text-[10px] font-semibold',
                tag.clip && 'truncate',
              )}
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
