import { checkStateOf, type AggregatedTokenSortKey } from '@fleet/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { createScrollSpeedMeter, FLING_PX_PER_SECOND } from '../../ui/scroll-speed';
import { TriStateCheckbox } from '../wallet-list/tri-state-checkbox';
import {
  ariaSortOf,
  OVERSCAN,
  ROW_HEIGHT,
  TOKEN_COLUMNS,
  TOKEN_GRID_TEMPLATE,
  type TokenRowView,
  type TokenSort,
} from './tokens-overview-view';

export interface TokensTableProps {
  readonly rows: readonly TokenRowView[];
  readonly sort: TokenSort;
  readonly selected: ReadonlySet<string>;
  readonly onSort: (key: AggregatedTokenSortKey) => void;
  readonly onToggle: (mint: string) => void;
  readonly onToggleAll: () => void;
  readonly onOpenHolders: (mint: string) => void;
  readonly onCloseAccounts: (mint: string) => void;
}

/**
 * The token table, virtualised (spec 2 §9: 44 px rows, 12 beyond the view either side), so a
 * fleet holding thousands of mints scrolls as one holding ten. ARIA table roles keep it a table.
 */
export function TokensTable(props: TokensTableProps) {
  const { rows } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable per answer: the virtualiser recomputes every offset when its key function changes.
  const itemKey = useCallback((index: number) => rows[index]?.mint ?? index, [rows]);
  const [meter] = useState(createScrollSpeedMeter);
  const [flinging, setFlinging] = useState(false);
  // TanStack Virtual keeps its state outside React; the compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: itemKey,
    overscan: OVERSCAN,
    onChange: (instance) => {
      const speed = meter.sample(instance.scrollOffset ?? 0, performance.now());
      setFlinging(instance.isScrolling && speed > FLING_PX_PER_SECOND);
    },
  });
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label="Tokens"
      aria-rowcount={rows.length + 1}
      className="overflow-auto rounded-md border border-border bg-surface"
      // As tall as its rows up to the window's height: a fleet of five mints is not a screen of
      // empty table. Sized explicitly either way (`contain: strict` needs it).
      style={{
        contain: 'strict',
        height: `min(calc(100vh - 260px), ${(rows.length + 1) * ROW_HEIGHT}px)`,
        minHeight: Math.min((rows.length + 1) * ROW_HEIGHT, 5 * ROW_HEIGHT),
      }}
    >
      <div style={{ minWidth: 'max-content' }}>
        <TokensHeader
          rows={rows}
          sort={props.sort}
          selected={props.selected}
          onSort={props.onSort}
          onToggleAll={props.onToggleAll}
        />
        <div
          role="rowgroup"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <TokenRow
                key={item.key}
                row={row}
                top={item.start}
                rowIndex={item.index + 2}
                flinging={flinging}
                selected={props.selected.has(row.mint)}
                onToggle={props.onToggle}
                onOpenHolders={props.onOpenHolders}
                onCloseAccounts={props.onCloseAccounts}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The header row; memoised apart from the rows, since every scroll frame renders the table. */
const TokensHeader = memo(function TokensHeader(props: {
  readonly rows: readonly TokenRowView[];
  readonly sort: TokenSort;
  readonly selected: ReadonlySet<string>;
  readonly onSort: (key: AggregatedTokenSortKey) => void;
  readonly onToggleAll: () => void;
}) {
  const { rows } = props;
  const mints = useMemo(() => rows.map((row) => row.mint), [rows]);
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="sticky top-0 z-10 grid h-9 items-center border-b border-border bg-surface-raised text-xs font-semibold tracking-wide text-fg-muted"
      style={{ gridTemplateColumns: TOKEN_GRID_TEMPLATE }}
    >
      {TOKEN_COLUMNS.map((column) => (
        <div
          key={column.id}
          role="columnheader"
          aria-sort={ariaSortOf(column, props.sort)}
          className={cn('min-w-0 truncate px-2', column.align === 'right' && 'text-right')}
        >
          {column.id === 'select' ? (
            <TriStateCheckbox
              state={checkStateOf(props.selected, mints)}
              label="Select all listed tokens"
              disabled={rows.length === 0}
              onToggle={props.onToggleAll}
            />
          ) : column.sortKey === null ? (
            column.label
          ) : (
            <SortButton
              label={column.label}
              sortKey={column.sortKey}
              sort={props.sort}
              onSort={props.onSort}
            />
          )}
        </div>
      ))}
    </div>
  );
});

function SortButton(props: {
  readonly label: string;
  readonly sortKey: AggregatedTokenSortKey;
  readonly sort: TokenSort;
  readonly onSort: (key: AggregatedTokenSortKey) => void;
}) {
  const active = props.sort.key === props.sortKey;
  return (
    <button
      type="button"
      className={cn('inline-flex items-center gap-1 hover:text-fg', active && 'text-fg')}
      onClick={() => props.onSort(props.sortKey)}
    >
      {props.label}
      {active ? (
        props.sort.order === 'asc' ? (
          <ArrowUp className="size-3" aria-hidden />
        ) : (
          <ArrowDown className="size-3" aria-hidden />
        )
      ) : null}
    </button>
  );
}

const cell = 'min-w-0 truncate px-2';
const numberCell = cn(cell, 'text-right tabular-nums');

/**
 * Whether a row is drawn whole: a row that enters during a fling is a placeholder until the
 * fling ends (`FLING_PX_PER_SECOND`), and stays whole from then on.
 */
function useDrawnWhole(flinging: boolean): boolean {
  const [whole, setWhole] = useState(!flinging);
  if (!whole && !flinging) setWhole(true);
  return whole;
}

/** One mint; memoised so a scroll frame re-renders only the rows that move in. */
const TokenRow = memo(function TokenRow(props: {
  readonly row: TokenRowView;
  readonly top: number;
  readonly rowIndex: number;
  readonly flinging: boolean;
  readonly selected: boolean;
  readonly onToggle: (mint: string) => void;
  readonly onOpenHolders: (mint: string) => void;
  readonly onCloseAccounts: (mint: string) => void;
}) {
  const { row } = props;
  const whole = useDrawnWhole(props.flinging);
  const place = { height: ROW_HEIGHT, transform: `translateY(${props.top}px)` };
  if (!whole) {
    return (
      <div
        role="row"
        aria-rowindex={props.rowIndex}
        aria-busy
        data-mint={row.mint}
        className="absolute top-0 left-0 flex w-full items-center border-b border-border px-2"
        style={place}
      >
        <div role="cell" className="ml-10 h-3 w-48 rounded bg-fg-muted/15" />
      </div>
    );
  }
  return (
    <div
      role="row"
      aria-rowindex={props.rowIndex}
      aria-selected={props.selected}
      data-mint={row.mint}
      className={cn(
        'absolute top-0 left-0 grid w-full items-center border-b border-border text-sm hover:bg-surface-sunken/60',
        props.selected && 'bg-accent/10',
      )}
      style={{ ...place, gridTemplateColumns: TOKEN_GRID_TEMPLATE }}
    >
      <div role="cell" className="px-2">
        <input
          type="checkbox"
          aria-label={`Select ${row.primary} (${row.mint})`}
          className="size-4 accent-[var(--accent)]"
          checked={props.selected}
          onChange={() => props.onToggle(row.mint)}
        />
      </div>
      <div role="cell" className={cn(cell, 'flex items-center gap-2')}>
        {row.logoUrl ? (
          <img
            src={row.logoUrl}
            alt=""
            className="size-6 shrink-0 rounded-full bg-surface-sunken"
            loading="lazy"
            // A logo host that does not answer leaves the round placeholder, not a broken image.
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
            }}
          />
        ) : (
          <span className="size-6 shrink-0 rounded-full bg-surface-sunken" aria-hidden />
        )}
        <button
          type="button"
          className="min-w-0 truncate text-left hover:underline"
          title={`${row.mint}: show holders`}
          onClick={() => props.onOpenHolders(row.mint)}
        >
          {/* A short mint is base58, where case is meaning: it keeps its case. */}
          <span className={cn('font-semibold', row.primary === row.mintShort && 'font-mono')}>
            {row.primary}
          </span>{' '}
          <span
            className={cn('text-xs text-fg-muted', row.secondary === row.mintShort && 'font-mono')}
          >
            {row.secondary}
          </span>
        </button>
        <span className="shrink-0 rounded border border-border px-1 text-[10px] text-fg-muted">
          {row.type}
        </span>
      </div>
      <div role="cell" className={numberCell} title={row.balance}>
        {row.balance}
      </div>
      <div role="cell" className={numberCell}>
        {row.value}
      </div>
      <div role="cell" className={numberCell}>
        {row.fdv}
      </div>
      <div role="cell" className={numberCell}>
        {row.liquidity}
      </div>
      <div role="cell" className={numberCell}>
        <button
          type="button"
          className="hover:underline"
          aria-label={`${row.holders} holder(s) of ${row.primary}`}
          onClick={() => props.onOpenHolders(row.mint)}
        >
          {row.holders}
        </button>
      </div>
      <div role="cell" className={numberCell} data-empty-accounts>
        {row.emptyAccounts.toLocaleString('en-US')}
      </div>
      <div role="cell" className={cn(numberCell, 'text-xs text-fg-muted')}>
        <time dateTime={row.lastScanAt ?? undefined} title={row.lastScanAt ?? undefined}>
          {row.lastScan}
        </time>
      </div>
      <div role="cell" className="px-2 text-right">
        <Button
          size="sm"
          variant="ghost"
          className="whitespace-nowrap"
          disabled={row.emptyAccounts === 0}
          title={
            row.emptyAccounts === 0
              ? 'No empty account of this token'
              : `Close the ${row.emptyAccounts} empty account(s) of ${row.primary}`
          }
          onClick={() => props.onCloseAccounts(row.mint)}
        >
          Close Acct
        </Button>
      </div>
    </div>
  );
});
