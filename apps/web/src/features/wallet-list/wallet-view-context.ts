import type {
  GroupMode,
  SelectionState,
  SlimWallet,
  WalletSegment,
  WalletSort,
  WalletSortKey,
  WalletSummary,
} from '@fleet/core';
import { createContext, useContext } from 'react';
import type { ExpandAllState, HeaderTotals, TableModel } from './wallet-list-model';
import type { RowViewCache } from './wallet-row-view';
import type { WalletTab } from './wallets-storage';

/** Everything the wallet page's parts read and change, owned by `WalletViewProvider`. */
export interface WalletView {
  readonly status: 'pending' | 'error' | 'success';
  readonly error: Error | null;
  readonly refetch: () => void;
  /** When the list arrived: relative times and "Recently Added" are measured from it. */
  readonly dataUpdatedAt: number;
  /** Now, advanced every 30 s (never before the data's time): what relative times count from. */
  readonly clockNow: number;
  readonly allWallets: readonly SlimWallet[];
  /** The SOL price the wallets' USD values were made with; null until they arrive. */
  readonly solPriceUsd: number | null;
  readonly summary: WalletSummary | undefined;
  readonly rowViews: RowViewCache;
  readonly visibleWallets: readonly SlimWallet[];
  readonly model: TableModel;
  readonly totals: HeaderTotals;
  readonly seedCounts: { readonly all: number; readonly bySeed: ReadonlyMap<string, number> };

  readonly tab: WalletTab;
  readonly setTab: (tab: WalletTab) => void;
  readonly segment: WalletSegment;
  readonly chooseSegment: (segment: WalletSegment) => void;
  readonly groupMode: GroupMode;
  readonly setGroupMode: (mode: GroupMode) => void;
  readonly sort: WalletSort;
  readonly sortBy: (key: WalletSortKey) => void;
  readonly tagFilter: { readonly slug: string; readonly name: string } | null;
  readonly groupFilter: { readonly id: string; readonly name: string } | null;
  readonly clearFilter: (which: 'tag' | 'group') => void;

  readonly selection: SelectionState;
  readonly clickRow: (id: string, shiftKey: boolean) => void;
  readonly toggleAllVisible: () => void;
  readonly toggleMany: (ids: readonly string[]) => void;

  readonly expandedWallets: ReadonlySet<string>;
  readonly toggleWallet: (id: string) => void;
  readonly expandState: ExpandAllState;
  readonly toggleExpandAll: () => void;
  readonly toggleGroupOpen: (bucketId: string) => void;

  /** The wallet landed on from `?address=`: highlighted for 6 s, scrolled to within 1.5 s. */
  readonly highlightId: string | null;
  readonly scrollTargetId: string | null;
}

export const WalletViewContext = createContext<WalletView | null>(null);

export function useWalletView(): WalletView {
  const view = useContext(WalletViewContext);
  if (!view) throw new Error('useWalletView must be used inside <WalletViewProvider>');
  return view;
}
