import { walletValuesPriced } from '@fleet/core';
import { useExplorerLinks } from '../explorer/use-explorer-links';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ADDRESS_COPY_FAILED, useCopy } from '../../ui/use-copy';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { useDisplayUnit } from '../preferences/display-unit-store';
import { useHiddenWalletColumns } from '../preferences/wallet-columns-store';
import { GROUP_HEADER_HEIGHT, GroupRow, GroupTableHeader } from './group-row';
import { TokenSubRows } from './token-sub-rows';
import type { TableItem } from './wallet-list-model';
import { WalletRow } from './wallet-row';
import {
  FOOTER_SPACE,
  MIN_BODY_HEIGHT,
  OVERSCAN,
  ROW_HEIGHT,
  tableColumns,
} from './wallet-table-columns';
import { WalletTableHeader } from './wallet-table-header';
import { useWalletView } from './wallet-view-context';

/**
 * The wallet table. Always virtualised (one code path; spec 2 §9 requires it from 500 rows):
 * only the rows on screen plus 12 either side are in the DOM, every wallet and group row is 44 px,
 * and a wallet's token sub-rows are one measured item. The scroller is `contain: strict` so a
 * scroll never makes the browser lay out the page around it.
 */
export function WalletTable() {
  const view = useWalletView();
  const unit = useDisplayUnit();
  const { hideBalances } = useDisplayPreferences();
  const explorer = useExplorerLinks();
  const hidden = useHiddenWalletColumns();
  const { columns, template } = useMemo(() => tableColumns(hidden), [hidden]);
  const { items, visibleOrder } = view.model;
  const { visibleWallets } = view;
  const valuesPriced = useMemo(() => walletValuesPriced(visibleWallets), [visibleWallets]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const copy = useCopy(ADDRESS_COPY_FAILED);
  const onCopy = useCallback((text: string) => void copy(text), [copy]);
  // Stable per data change: the virtualiser recomputes every item's offset whenever these two
  // functions change identity, which would cost O(n) on each scroll frame.
  const itemSize = useCallback((index: number) => estimateSize(items[index]), [items]);
  const itemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);

  // TanStack Virtual keeps its state outside React; the compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: itemSize,
    getItemKey: itemKey,
    overscan: OVERSCAN,
  });

  const { scrollTargetId } = view;
  useEffect(() => {
    if (scrollTargetId === null) return undefined;
    const index = items.findIndex((item) => item.kind === 'wallet' && item.id === scrollTargetId);
    if (index < 0) return undefined;
    virtualizer.scrollToIndex(index, { align: 'center' });
    // The scroller can be taller than the window: once the row is rendered, bring it into view.
    const frame = requestAnimationFrame(() => {
      scrollRef.current
        ?.querySelector(`[data-wallet-id="${CSS.escape(scrollTargetId)}"]`)
        ?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [scrollTargetId, items, virtualizer]);

  const grouped = view.groupMode !== 'standard';
  const headerRows = grouped ? 2 : 1;
  const selected = view.selection.selected;
  const virtualItems = virtualizer.getVirtualItems();
  // Rows are keyed by slot (index modulo the number of mounted rows), not by wallet: the mounted
  // rows are one run of consecutive indexes, so no two share a slot, and the row scrolled out
  // frees exactly the slot of the row scrolled in, which takes over its DOM. Scrolling then
  // rewrites only the changed values of the rows that take a new wallet (wallet-row-painter)
  // instead of removing and creating them; a row that stays
  // in view keeps its index, slot and props, and the memoised row skips rendering. The rows are
  // also rendered in slot order, so React never moves a row's DOM: rows are placed by transform,
  // and aria-rowindex gives assistive technology their order.
  const slots = Math.max(1, virtualItems.length);
  const slotKey = (index: number) => `slot-${index % slots}`;
  const inSlotOrder = [...virtualItems].sort((a, b) => (a.index % slots) - (b.index % slots));
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label="Wallets"
      aria-rowcount={items.length + headerRows}
      className="overflow-auto rounded-md border border-border bg-surface"
      style={{
        contain: 'strict',
        height: `calc(100vh - ${FOOTER_SPACE}px)`,
        minHeight: MIN_BODY_HEIGHT,
      }}
    >
      <div style={{ minWidth: 'max-content' }}>
        {grouped ? (
          // Above the wallet header: the group rows' own columns (spec 2 §2.1). Sticky together.
          <div role="presentation" className="sticky top-0 z-20">
            <GroupTableHeader rowIndex={1} />
          </div>
        ) : null}
        <WalletTableHeader
          rowIndex={headerRows}
          stickyTop={grouped ? GROUP_HEADER_HEIGHT : 0}
          columns={columns}
          template={template}
          sort={view.sort}
          selected={selected}
          visibleOrder={visibleOrder}
          expandState={view.expandState}
          valuesPriced={valuesPriced}
          onSort={view.sortBy}
          onToggleAllVisible={view.toggleAllVisible}
          onToggleExpandAll={view.toggleExpandAll}
        />
        {items.length === 0 ? (
          <p className="p-8 text-center text-sm text-fg-muted">No wallets to display</p>
        ) : (
          <div
            role="rowgroup"
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {inSlotOrder.map((virtual) => {
              const item = items[virtual.index];
              if (!item) return null;
              switch (item.kind) {
                case 'wallet': {
                  return (
                    <WalletRow
                      key={slotKey(virtual.index)}
                      view={view.rowViews.get(item.wallet)}
                      number={item.number}
                      selected={selected.has(item.id)}
                      expanded={view.expandedWallets.has(item.id)}
                      highlighted={view.highlightId === item.id}
                      unit={unit}
                      hideBalances={hideBalances}
                      explorerLink={explorer.address}
                      columns={columns}
                      template={template}
                      top={virtual.start}
                      rowIndex={virtual.index + headerRows + 1}
                      onCheck={view.clickRow}
                      onToggleExpand={view.toggleWallet}
                      onCopy={onCopy}
                    />
                  );
                }
                case 'group':
                  return (
                    <GroupRow
                      key={slotKey(virtual.index)}
                      group={item.group}
                      selected={selected}
                      unit={unit}
                      hideBalances={hideBalances}
                      now={view.clockNow}
                      top={virtual.start}
                      rowIndex={virtual.index + headerRows + 1}
                      onToggleOpen={view.toggleGroupOpen}
                      onToggleMembers={view.toggleMany}
                      onCopy={onCopy}
                    />
                  );
                case 'tokens':
                  return (
                    <div
                      key={slotKey(virtual.index)}
                      role="row"
                      aria-rowindex={virtual.index + headerRows + 1}
                      data-index={virtual.index}
                      ref={virtualizer.measureElement}
                      className="absolute top-0 left-0 w-full"
                      style={{ transform: `translateY(${virtual.start}px)` }}
                    >
                      <TokenSubRows address={item.wallet.address} hideBalances={hideBalances} />
                    </div>
                  );
              }
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/** Token sub-rows are measured once shown; until then one row per token account is assumed. */
function estimateSize(item: TableItem | undefined): number {
  if (item?.kind !== 'tokens') return ROW_HEIGHT;
  return ROW_HEIGHT * Math.max(1, item.wallet.tokenStats.total);
}
