import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn';

const ROW_HEIGHT = 40;
const FIRST_PAINT_HEIGHT = 12 * ROW_HEIGHT;

export interface VirtualTableProps<Row> {
  /** The table's accessible name. */
  readonly label: string;
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** Tailwind grid columns shared by the header and every row, e.g. `grid-cols-[4rem_1fr]`. */
  readonly columns: string;
  /** The header row's cells (`role="columnheader"`). */
  readonly header: ReactNode;
  /** One row's cells (`role="cell"`). */
  readonly cells: (row: Row, index: number) => ReactNode;
  /** The scroller's height limit, e.g. `max-h-[32rem]`. */
  readonly maxHeight: string;
}

/**
 * A table of fixed-height rows of which only those in view (and a few beyond) are in the DOM:
 * for lists that can hold every wallet of a tenant (an opened group, the archive). ARIA table
 * roles and row indexes keep it a table for assistive technology.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { rows, rowKey } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser recomputes every row's offset whenever its key function changes identity:
  // one per list, not one per render (a checkbox click re-renders the table).
  const rowKeyRef = useRef(rowKey);
  useLayoutEffect(() => {
    rowKeyRef.current = rowKey;
  });
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : rowKeyRef.current(row);
    },
    [rows],
  );
  // TanStack Virtual keeps its state outside React; the compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    overscan: 8,
    // Rows on the first paint, before the scroller is measured (and in a static render).
    initialRect: { width: 0, height: FIRST_PAINT_HEIGHT },
  });
  const grid = cn('grid items-center gap-3 px-3', props.columns);
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      className={cn('overflow-auto rounded-md border border-border text-sm', props.maxHeight)}
    >
      <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-surface-raised">
        <div
          role="row"
          aria-rowindex={1}
          className={cn(grid, 'h-9 text-xs font-semibold text-fg-muted')}
        >
          {props.header}
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className={cn(grid, 'absolute inset-x-0 top-0 border-b border-border')}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              {props.cells(row, item.index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
