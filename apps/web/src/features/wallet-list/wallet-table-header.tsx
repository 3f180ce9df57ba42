import { checkStateOf, type WalletSort, type WalletSortKey } from '@fleet/core';
import { ArrowDown, ArrowUp, ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import { memo } from 'react';
import { cn } from '../../ui/cn';
import { useDisplayUnit, type DisplayUnit } from '../preferences/display-unit-store';
import { TriStateCheckbox } from './tri-state-checkbox';
import type { ExpandAllState } from './wallet-list-model';
import { columnLabel, columnNote, type TableColumn } from './wallet-table-columns';

export interface WalletTableHeaderProps {
  readonly columns: readonly TableColumn[];
  readonly template: string;
  readonly sort: WalletSort;
  readonly selected: ReadonlySet<string>;
  readonly visibleOrder: readonly string[];
  readonly expandState: ExpandAllState;
  /** Whether any wallet in view has a priced value; until then the value columns sort by SOL. */
  readonly valuesPriced: boolean;
  readonly onSort: (key: WalletSortKey) => void;
  readonly onToggleAllVisible: () => void;
  readonly onToggleExpandAll: () => void;
  /** 1, or 2 under the grouped table's own header line. */
  readonly rowIndex: number;
  /** Where it sticks: below the grouped table's header line when there is one. */
  readonly stickyTop: number;
}

/**
 * Sticky column headers: select-all-visible (tri-state), expand-all (tri-state), sort buttons.
 * Memoised: its tri-state walks every visible id, which must not happen on each scroll frame.
 */
export const WalletTableHeader = memo(function WalletTableHeader(props: WalletTableHeaderProps) {
  const selectState = checkStateOf(props.selected, props.visibleOrder);
  const unit = useDisplayUnit();
  return (
    <div
      role="row"
      aria-rowindex={props.rowIndex}
      className="sticky z-10 grid h-9 items-center border-b border-border bg-surface-raised text-xs font-semibold tracking-wide text-fg-muted"
      style={{ gridTemplateColumns: props.template, top: props.stickyTop }}
    >
      {props.columns.map((column) => (
        <div
          key={column.id}
          role="columnheader"
          aria-sort={ariaSort(column.sortKey, props.sort)}
          title={columnNote(column, props.valuesPriced) ?? undefined}
          className={cn('min-w-0 truncate px-2', column.align === 'right' && 'text-right')}
        >
          {headerContent(column, props, selectState, unit)}
        </div>
      ))}
    </div>
  );
});

function ariaSort(key: WalletSortKey | null, sort: WalletSort) {
  if (key === null || key !== sort.key) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

function headerContent(
  column: TableColumn,
  props: WalletTableHeaderProps,
  selectState: ReturnType<typeof checkStateOf>,
  unit: DisplayUnit,
) {
  if (column.id === 'select') {
    return (
      <TriStateCheckbox
        state={selectState}
        label="Select all visible wallets"
        disabled={props.visibleOrder.length === 0}
        onToggle={props.onToggleAllVisible}
      />
    );
  }
  if (column.id === 'icons') {
    const expanded = props.expandState === 'expanded';
    return (
      <button
        type="button"
        aria-label={expanded ? 'Collapse all wallets' : 'Expand all wallets'}
        aria-pressed={props.expandState === 'mixed' ? 'mixed' : expanded}
        title={`Expand all (${props.expandState})`}
        className={cn(
          'rounded p-1.5 hover:bg-surface-sunken hover:text-fg',
          props.expandState === 'mixed' && 'text-warning',
        )}
        onClick={props.onToggleExpandAll}
      >
        {expanded ? (
          <ChevronsDownUp className="size-4" aria-hidden />
        ) : (
          <ChevronsUpDown className="size-4" aria-hidden />
        )}
      </button>
    );
  }
  const { sortKey } = column;
  const label = columnLabel(column, unit);
  if (sortKey === null) return label;
  const active = props.sort.key === sortKey;
  return (
    <button
      type="button"
      className={cn('inline-flex items-center gap-1 hover:text-fg', active && 'text-fg')}
      onClick={() => props.onSort(sortKey)}
    >
      {label}
      {active ? (
        props.sort.direction === 'asc' ? (
          <ArrowUp className="size-3" aria-hidden />
        ) : (
          <ArrowDown className="size-3" aria-hidden />
        )
      ) : null}
    </button>
  );
}
