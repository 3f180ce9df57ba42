import {
  clickRow,
  DEFAULT_WALLET_SORT,
  EMPTY_SELECTION,
  nextWalletSort,
  pruneSelection,
  seedIdOfSegment,
  selectOnly,
  toggleMany,
  type GroupMode,
  type SelectionState,
  type WalletSegment,
  type WalletSort,
  type WalletSortKey,
} from '@fleet/core';
import { expandAllState } from './wallet-list-model';
import type { WalletTab } from './wallets-storage';

/**
 * What the operator has chosen on the wallets page. Pure data: the provider derives the table from
 * it, and the reducer below is the only way it changes, so every transition is tested without React.
 */
export interface WalletPageState {
  readonly tab: WalletTab;
  /** The segment picked in the segment bar (remembered per day). */
  readonly chosenSegment: WalletSegment;
  /** Landing on `?address=` shows the all segment until the operator picks one. */
  readonly landingSegment: WalletSegment | null;
  readonly groupMode: GroupMode;
  readonly sort: WalletSort;
  readonly selection: SelectionState;
  readonly expandedWallets: ReadonlySet<string>;
  readonly expandedGroups: ReadonlySet<string>;
  readonly highlightId: string | null;
  readonly scrollTargetId: string | null;
  /** The `?address=` already landed on, so one address lands once. */
  readonly landedOn: string | null;
}

/** The ids in view, for actions that must never touch a wallet the operator cannot see. */
export interface InView {
  readonly visibleIds: { has(id: string): boolean };
  readonly visibleOrder: readonly string[];
}

export type WalletPageAction =
  | { readonly type: 'tabChosen'; readonly tab: WalletTab }
  | { readonly type: 'segmentChosen'; readonly segment: WalletSegment }
  | { readonly type: 'groupModeChosen'; readonly mode: GroupMode }
  | { readonly type: 'sortedBy'; readonly key: WalletSortKey }
  | ({ readonly type: 'rowClicked'; readonly id: string; readonly shiftKey: boolean } & InView)
  | ({ readonly type: 'manyToggled'; readonly ids: readonly string[] } & InView)
  | { readonly type: 'selectedOnly'; readonly ids: readonly string[] }
  | { readonly type: 'selectionCleared' }
  | { readonly type: 'walletToggled'; readonly id: string }
  | { readonly type: 'expandAllToggled'; readonly visibleOrder: readonly string[] }
  | { readonly type: 'groupToggled'; readonly bucketId: string }
  | {
      readonly type: 'landed';
      readonly address: string | null;
      /** The wallet at `address`, when the list holds it. */
      readonly walletId: string | null;
    }
  | { readonly type: 'scrollTargetCleared' }
  | { readonly type: 'highlightCleared' };

export function initialWalletPageState(tab: WalletTab, segment: WalletSegment): WalletPageState {
  return {
    tab,
    chosenSegment: segment,
    landingSegment: null,
    groupMode: 'standard',
    sort: DEFAULT_WALLET_SORT,
    selection: EMPTY_SELECTION,
    expandedWallets: new Set(),
    expandedGroups: new Set(),
    highlightId: null,
    scrollTargetId: null,
    landedOn: null,
  };
}

function toggled(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

export function walletPageReducer(
  state: WalletPageState,
  action: WalletPageAction,
): WalletPageState {
  switch (action.type) {
    case 'tabChosen':
      return { ...state, tab: action.tab };
    case 'segmentChosen':
      return {
        ...state,
        chosenSegment: action.segment,
        landingSegment: null,
        // Spec 2 §4: a seed segment while grouping by custom groups returns to standard mode.
        groupMode:
          seedIdOfSegment(action.segment) !== undefined && state.groupMode === 'custom'
            ? 'standard'
            : state.groupMode,
      };
    case 'groupModeChosen':
      return { ...state, groupMode: action.mode, expandedGroups: new Set() };
    case 'sortedBy':
      return {
        ...state,
        sort: nextWalletSort(state.sort, action.key, state.groupMode !== 'standard'),
      };
    case 'rowClicked':
      return {
        ...state,
        selection: clickRow(
          pruneSelection(state.selection, action.visibleIds),
          action.id,
          action.visibleOrder,
          action.shiftKey,
        ),
      };
    case 'manyToggled':
      return {
        ...state,
        selection: toggleMany(pruneSelection(state.selection, action.visibleIds), action.ids),
      };
    case 'selectedOnly':
      return { ...state, selection: selectOnly(action.ids) };
    case 'selectionCleared':
      return { ...state, selection: EMPTY_SELECTION };
    case 'walletToggled':
      return { ...state, expandedWallets: toggled(state.expandedWallets, action.id) };
    case 'expandAllToggled':
      return {
        ...state,
        expandedWallets:
          expandAllState(action.visibleOrder, state.expandedWallets) === 'expanded'
            ? new Set()
            : new Set(action.visibleOrder),
      };
    case 'groupToggled':
      return { ...state, expandedGroups: toggled(state.expandedGroups, action.bucketId) };
    case 'landed':
      if (action.walletId === null) return { ...state, landedOn: action.address };
      // The list tab, the all segment, the flat table (a grouped table could hide the wallet in a
      // collapsed group) and the wallet selected, highlighted and scrolled to, in one paint.
      return {
        ...state,
        landedOn: action.address,
        tab: 'list',
        landingSegment: 'all',
        groupMode: 'standard',
        selection: selectOnly([action.walletId]),
        highlightId: action.walletId,
        scrollTargetId: action.walletId,
      };
    case 'scrollTargetCleared':
      return { ...state, scrollTargetId: null };
    case 'highlightCleared':
      return { ...state, highlightId: null };
  }
}
