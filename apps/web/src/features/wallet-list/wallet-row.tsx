import { memo, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../ui/cn';
import type { ExplorerLink } from '../explorer/use-explorer-links';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { RowMenu } from './wallet-row-actions';
import { createWalletRowPainter, rowActionOf, type WalletRowPainter } from './wallet-row-painter';
import type { WalletRowView } from './wallet-row-view';
import { ROW_HEIGHT, type TableColumn } from './wallet-table-columns';

export interface WalletRowProps {
  readonly view: WalletRowView;
  readonly number: number;
  readonly selected: boolean;
  readonly expanded: boolean;
  readonly highlighted: boolean;
  readonly unit: DisplayUnit;
  readonly hideBalances: boolean;
  readonly explorerLink: ExplorerLink;
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
 * was formatted once per data change (`WalletRowView`). React renders the row element and the
 * open Actions menu; the cells are written by `wallet-row-painter`, which is several times
 * cheaper per new wallet while scrolling. The row's one click handler dispatches on the
 * `data-row-action` of the control clicked.
 */
export const WalletRow = memo(function WalletRow(props: WalletRowProps) {
  const { view, selected, highlighted, columns } = props;
  const rowRef = useRef<HTMLDivElement>(null);
  const painterRef = useRef<WalletRowPainter>(null);
  // Which wallet the menu was opened for: the row's element is reused for another wallet while
  // scrolling, and the menu must not follow the row to it.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [actionsCell, setActionsCell] = useState<HTMLDivElement | null>(null);
  const menuOpen = menuFor === view.id;

  // The cells are built once per set of columns (the operator can hide columns)…
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const painter = createWalletRowPainter(row, columns);
    painterRef.current = painter;
    setActionsCell(painter.actionsCell);
  }, [columns]);

  // …and written on every render: the painter skips what did not change.
  const { number, expanded, unit, hideBalances, explorerLink } = props;
  useLayoutEffect(() => {
    painterRef.current?.paint({
      view,
      number,
      selected,
      expanded,
      unit,
      hideBalances,
      menuOpen,
      explorerLink,
    });
  }, [columns, view, number, selected, expanded, unit, hideBalances, menuOpen, explorerLink]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    switch (rowActionOf(event.target)) {
      case 'check':
        props.onCheck(view.id, event.shiftKey);
        // The browser has already flipped the box; the selection decides what it shows.
        queueMicrotask(() => painterRef.current?.syncChecked());
        return;
      case 'expand':
        props.onToggleExpand(view.id);
        return;
      case 'copy':
        props.onCopy(view.address);
        return;
      case 'menu':
        setMenuFor(view.id);
        return;
      case null:
        return;
    }
  };

  return (
    <div
      ref={rowRef}
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
        transform: `translateY(${props.top}px)`,
        height: ROW_HEIGHT,
        gridTemplateColumns: props.template,
        contain: 'strict',
      }}
      onClick={onClick}
    >
      {menuOpen && actionsCell
        ? createPortal(
            <RowMenu id={view.id} address={view.address} onClose={() => setMenuFor(null)} />,
            actionsCell,
          )
        : null}
    </div>
  );
});
