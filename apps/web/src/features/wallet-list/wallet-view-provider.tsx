import {
  pruneSelection,
  seedSourceCounts,
  tagFilterOf,
  walletValuesSolPrice,
  withWalletValues,
  type SlimWallet,
} from '@fleet/core';
import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../ui/toast';
import { useNow } from '../../ui/use-now';
import { useGroups } from '../groups/use-groups';
import { useTags } from '../tags/use-tags';
import { useWalletValues } from './use-wallet-values';
import { useWalletList } from './use-wallet-queries';
import { useWalletListFollower } from './use-wallet-list-follower';
import {
  bucketsFor,
  buildTableModel,
  expandAllState,
  headerTotals,
  lazyIdSet,
  visibleWalletList,
} from './wallet-list-model';
import { initialWalletPageState, walletPageReducer } from './wallet-page-state';
import { createRowViewCache } from './wallet-row-view';
import { WalletSelectionContext, type WalletSelection } from './wallet-selection-context';
import {
  landedParams,
  meaningOfGroupParam,
  paramsForSegment,
  readWalletUrlParams,
  withoutParams,
} from './wallet-url-params';
import { WalletViewContext, type WalletView } from './wallet-view-context';
import { readSegment, readTab, writeSegment, writeTab, type WalletTab } from './wallets-storage';
import type { GroupMode, WalletSegment, WalletSortKey } from '@fleet/core';

export const HIGHLIGHT_MS = 6_000;
export const SCROLL_TARGET_MS = 1_500;

const EMPTY_WALLETS: readonly SlimWallet[] = [];
/** Tag names matter to the sort only when sorting by tags: other sorts skip a re-sort when tags load. */
const NO_TAG_NAMES = (): undefined => undefined;

function batchLabel(_batchId: string, newestCreatedAt: string): string {
  const time = Date.parse(newestCreatedAt);
  return Number.isNaN(time) ? 'Import batch' : `Import of ${new Date(time).toLocaleString()}`;
}

/**
 * Owns the wallet page's state (tab, segment, filters, sort, grouping, selection, expansion,
 * landing on `?address=`) and derives the table from it. Derived data is memoised per input
 * change, so scrolling and hovering never recompute the list.
 */
export function WalletViewProvider({ children }: { readonly children: ReactNode }) {
  const toast = useToast();
  const list = useWalletList();
  useWalletListFollower();
  const tags = useTags();
  const groups = useGroups();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readWalletUrlParams(searchParams);

  const [state, dispatch] = useReducer(walletPageReducer, undefined, () =>
    initialWalletPageState(readTab(), readSegment(new Date())),
  );
  const {
    tab,
    chosenSegment,
    landingSegment,
    groupMode,
    sort,
    selection: selectionState,
    expandedWallets,
    expandedGroups,
    highlightId,
    scrollTargetId,
    landedOn,
  } = state;

  const values = useWalletValues();
  const listed = list.data?.wallets ?? EMPTY_WALLETS;
  // The list carries no USD: each wallet's token value comes from the valuation's prices.
  const wallets = useMemo(() => withWalletValues(listed, values), [listed, values]);
  const solPriceUsd = walletValuesSolPrice(values);
  /** Relative times and "Recently Added" are measured from when the data arrived. */
  const now = list.dataUpdatedAt;
  // Ages ("scanned 2m ago") must keep up while the page sits open: the list itself is read again
  // only when something changes, so they count from a clock, not from the data's arrival.
  const ticking = useNow();
  const clockNow = Math.max(now, ticking);

  const tagList = tags.data;
  const tagsById = useMemo(() => new Map((tagList ?? []).map((tag) => [tag.id, tag])), [tagList]);
  const tagName = useCallback((id: string) => tagsById.get(id)?.name, [tagsById]);
  const customGroups = useMemo(
    () =>
      (groups.data ?? [])
        .filter((group) => group.kind === 'custom')
        .map((group) => ({ id: group.id, name: group.group_name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [groups.data],
  );
  const customGroupIds = useMemo(
    () => new Set(customGroups.map((group) => group.id)),
    [customGroups],
  );
  // Only needed while landing on ?address=; a 50,000-entry map is not built otherwise.
  const wantsLanding = params.address !== null;
  const byAddress = useMemo(
    () =>
      wantsLanding
        ? new Map(wallets.map((wallet) => [wallet.address, wallet]))
        : new Map<string, SlimWallet>(),
    [wallets, wantsLanding],
  );

  // Landing on ?address= (spec 2 §2.1): adjusted while rendering, once per address, so the list
  // tab, the all segment, the flat table and the selection are right in the same paint. Side
  // effects (URL, toast, timers) follow in the effect below.
  const landingKey = list.data && params.address !== null ? params.address : null;
  if (landingKey !== landedOn) {
    const target = landingKey === null ? undefined : byAddress.get(landingKey);
    dispatch({ type: 'landed', address: landingKey, walletId: target?.id ?? null });
  }

  useEffect(() => {
    if (landingKey === null) return undefined;
    const target = byAddress.get(landingKey);
    if (!target) {
      toast.show({ title: 'Wallet not found', description: landingKey, severity: 'warning' });
      setSearchParams((current) => withoutParams(current, ['address', 'search']), {
        replace: true,
      });
      return undefined;
    }
    setSearchParams(landedParams(target.address), { replace: true });
    const scroll = window.setTimeout(
      () => dispatch({ type: 'scrollTargetCleared' }),
      SCROLL_TARGET_MS,
    );
    const highlight = window.setTimeout(() => dispatch({ type: 'highlightCleared' }), HIGHLIGHT_MS);
    return () => {
      window.clearTimeout(scroll);
      window.clearTimeout(highlight);
    };
    // byAddress changes with every refetch; the landing happens once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [landingKey]);

  const groupMeaning = meaningOfGroupParam(params.groupId, customGroupIds);
  const segment: WalletSegment =
    groupMeaning.kind === 'segment' ? groupMeaning.segment : (landingSegment ?? chosenSegment);
  // An unknown tag slug matches no wallet rather than silently showing all of them.
  const tagFilter = useMemo(() => {
    if (params.tag === null) return null;
    const tags = tagList ?? [];
    const tag = tags.find((entry) => entry.slug === params.tag);
    return {
      slug: params.tag,
      name: tag?.name ?? params.tag,
      filter: tagFilterOf(params.tag, tags),
    };
  }, [params.tag, tagList]);
  const groupFilter =
    groupMeaning.kind === 'custom'
      ? {
          id: groupMeaning.groupId,
          name: customGroups.find((group) => group.id === groupMeaning.groupId)?.name ?? '',
        }
      : null;

  const groupIdFilter = groupFilter?.id ?? null;
  const sortTagName = sort.key === 'tags' ? tagName : NO_TAG_NAMES;
  const visibleWallets = useMemo(
    () =>
      visibleWalletList(
        wallets,
        { segment, tag: tagFilter?.filter ?? null, customGroupId: groupIdFilter },
        sort,
        { now, tagName: sortTagName, solPriceUsd },
      ),
    [wallets, segment, tagFilter, groupIdFilter, sort, now, sortTagName, solPriceUsd],
  );
  // Keyed by wallet object: a refetch brings new objects, so stale views are never reused.
  const rowViews = useMemo(
    () => createRowViewCache(tagsById, clockNow, solPriceUsd),
    [tagsById, clockNow, solPriceUsd],
  );
  const buckets = useMemo(
    () =>
      groupMode === 'standard'
        ? null
        : bucketsFor(visibleWallets, { mode: groupMode, customGroups, batchLabel }),
    [visibleWallets, groupMode, customGroups],
  );
  const model = useMemo(
    () => buildTableModel(visibleWallets, buckets, expandedWallets, expandedGroups),
    [visibleWallets, buckets, expandedWallets, expandedGroups],
  );
  const totals = useMemo(
    () => headerTotals(visibleWallets, solPriceUsd),
    [visibleWallets, solPriceUsd],
  );
  const seedCounts = useMemo(() => seedSourceCounts(wallets), [wallets]);
  const visibleIds = useMemo(() => lazyIdSet(visibleWallets), [visibleWallets]);
  // Pruned against what is in view: the Toolkit never acts on a wallet the operator cannot see.
  const selection = useMemo(
    () => pruneSelection(selectionState, visibleIds),
    [selectionState, visibleIds],
  );

  const setTab = useCallback(
    (next: WalletTab) => {
      dispatch({ type: 'tabChosen', tab: next });
      writeTab(next);
    },
    [dispatch],
  );

  const chooseSegment = useCallback(
    (next: WalletSegment) => {
      dispatch({ type: 'segmentChosen', segment: next });
      writeSegment(next, new Date());
      setSearchParams((current) => paramsForSegment(current, next), { replace: true });
    },
    [dispatch, setSearchParams],
  );

  const setGroupMode = useCallback(
    (mode: GroupMode) => {
      dispatch({ type: 'groupModeChosen', mode });
      // Leaving custom mode clears the opened custom group (spec 2 §4).
      if (mode !== 'custom' && groupIdFilter !== null) {
        setSearchParams((current) => withoutParams(current, ['groupId']), { replace: true });
      }
    },
    [dispatch, groupIdFilter, setSearchParams],
  );

  const sortBy = useCallback(
    (key: WalletSortKey) => dispatch({ type: 'sortedBy', key }),
    [dispatch],
  );

  const clearFilter = useCallback(
    (which: 'tag' | 'group') =>
      setSearchParams((current) => withoutParams(current, [which === 'tag' ? 'tag' : 'groupId']), {
        replace: true,
      }),
    [setSearchParams],
  );

  const { visibleOrder } = model;
  const clickRow = useCallback(
    (id: string, shiftKey: boolean) =>
      dispatch({ type: 'rowClicked', id, shiftKey, visibleIds, visibleOrder }),
    [dispatch, visibleIds, visibleOrder],
  );
  const toggleMany = useCallback(
    (ids: readonly string[]) => dispatch({ type: 'manyToggled', ids, visibleIds, visibleOrder }),
    [dispatch, visibleIds, visibleOrder],
  );
  const toggleAllVisible = useCallback(() => toggleMany(visibleOrder), [toggleMany, visibleOrder]);

  const toggleWallet = useCallback(
    (id: string) => dispatch({ type: 'walletToggled', id }),
    [dispatch],
  );
  const expandState = expandAllState(visibleOrder, expandedWallets);
  const toggleExpandAll = useCallback(
    () => dispatch({ type: 'expandAllToggled', visibleOrder }),
    [dispatch, visibleOrder],
  );
  const toggleGroupOpen = useCallback(
    (bucketId: string) => dispatch({ type: 'groupToggled', bucketId }),
    [dispatch],
  );

  const { refetch: refetchList } = list;
  const refetch = useCallback(() => void refetchList(), [refetchList]);

  const view: WalletView = {
    status: list.status,
    error: list.error,
    refetch,
    dataUpdatedAt: now,
    clockNow,
    allWallets: wallets,
    solPriceUsd,
    summary: list.data?.summary,
    rowViews,
    visibleWallets,
    model,
    totals,
    seedCounts,
    tab,
    setTab,
    segment,
    chooseSegment,
    groupMode,
    setGroupMode,
    sort,
    sortBy,
    tagFilter,
    groupFilter,
    clearFilter,
    selection,
    clickRow,
    toggleAllVisible,
    toggleMany,
    expandedWallets,
    toggleWallet,
    expandState,
    toggleExpandAll,
    toggleGroupOpen,
    highlightId,
    scrollTargetId,
  };

  const selectedIds = selection.selected;
  const publicSelection = useMemo<WalletSelection>(
    () => ({
      selectedIds,
      setSelected: (ids) => dispatch({ type: 'selectedOnly', ids }),
      clear: () => dispatch({ type: 'selectionCleared' }),
      visibleWallets,
    }),
    [dispatch, selectedIds, visibleWallets],
  );

  return (
    <WalletViewContext.Provider value={view}>
      <WalletSelectionContext.Provider value={publicSelection}>
        {children}
      </WalletSelectionContext.Provider>
    </WalletViewContext.Provider>
  );
}
