import {
  bucketByCustomGroup,
  bucketByImportBatch,
  filterBySegment,
  sortWallets,
  sumLamports,
  walletHasTag,
  walletTotalUsd,
  type GroupMode,
  type SlimWallet,
  type TagFilter,
  type WalletBucket,
  type WalletSegment,
  type WalletSort,
} from '@fleet/core';

export interface WalletFilter {
  readonly segment: WalletSegment;
  /** From `?tag=` (a slug, read by `tagFilterOf`); null when no tag filter is on. */
  readonly tag: TagFilter | null;
  /** From `?groupId=` naming a custom group; null otherwise. */
  readonly customGroupId: string | null;
}

/**
 * The wallets the table shows, in the order it shows them: segment, then tag and group filters,
 * then one sort. O(n log n), run once per change of data, filter or sort, never per render.
 */
export function visibleWalletList(
  wallets: readonly SlimWallet[],
  filter: WalletFilter,
  sort: WalletSort,
  context: {
    readonly now: number;
    readonly tagName: (id: string) => string | undefined;
    readonly solPriceUsd?: number | null;
  },
): SlimWallet[] {
  let list = filterBySegment(wallets, filter.segment, context);
  const { tag, customGroupId } = filter;
  if (tag !== null) list = list.filter((wallet) => walletHasTag(wallet, tag));
  if (customGroupId !== null) {
    list = list.filter((wallet) => wallet.groupIds.includes(customGroupId));
  }
  return sortWallets(list, sort, context);
}

export interface GroupSummary {
  readonly id: string;
  readonly label: string;
  readonly walletIds: readonly string[];
  /** The members' addresses, in the group's order: what the row's Copy addresses copies. */
  readonly addresses: readonly string[];
  readonly lamports: bigint;
  readonly tokensWithBalance: number;
  readonly lastScannedAt: string | null;
  readonly expanded: boolean;
}

export type TableItem =
  | {
      readonly kind: 'wallet';
      readonly key: string;
      readonly id: string;
      readonly wallet: SlimWallet;
      readonly number: number;
    }
  | {
      readonly kind: 'tokens';
      readonly key: string;
      readonly id: string;
      readonly wallet: SlimWallet;
    }
  | { readonly kind: 'group'; readonly key: string; readonly group: GroupSummary };

export interface TableModel {
  readonly items: readonly TableItem[];
  /** Wallet ids as the operator sees them, once each: the order shift-click ranges run over. */
  readonly visibleOrder: readonly string[];
}

export interface GroupingInput {
  readonly mode: GroupMode;
  readonly customGroups: readonly { readonly id: string; readonly name: string }[];
  readonly batchLabel: (batchId: string, newestCreatedAt: string) => string;
}

export function bucketsFor(
  wallets: readonly SlimWallet[],
  grouping: GroupingInput,
): WalletBucket<SlimWallet>[] {
  switch (grouping.mode) {
    case 'standard':
      return [];
    case 'import':
      return bucketByImportBatch(wallets, grouping.batchLabel);
    case 'custom':
      return bucketByCustomGroup(wallets, grouping.customGroups);
  }
}

function summarise(bucket: WalletBucket<SlimWallet>, expanded: boolean): GroupSummary {
  const lamports = sumLamports(bucket.wallets.map((wallet) => wallet.lamports));
  let tokensWithBalance = 0;
  let lastScannedAt: string | null = null;
  for (const wallet of bucket.wallets) {
    tokensWithBalance += wallet.tokenStats.withBalance;
    if (
      wallet.lastScannedAt !== null &&
      (lastScannedAt === null || wallet.lastScannedAt > lastScannedAt)
    ) {
      lastScannedAt = wallet.lastScannedAt;
    }
  }
  return {
    id: bucket.id,
    label: bucket.label,
    walletIds: bucket.wallets.map((wallet) => wallet.id),
    addresses: bucket.wallets.map((wallet) => wallet.address),
    lamports,
    tokensWithBalance,
    lastScannedAt,
    expanded,
  };
}

/**
 * Flattens what the table shows into one list of fixed-height items (wallet rows, group rows)
 * and measured ones (a wallet's token sub-rows), for one virtualiser.
 */
export function buildTableModel(
  wallets: readonly SlimWallet[],
  buckets: readonly WalletBucket<SlimWallet>[] | null,
  expandedWallets: ReadonlySet<string>,
  expandedGroups: ReadonlySet<string>,
): TableModel {
  const items: TableItem[] = [];
  const pushWallet = (wallet: SlimWallet, prefix: string, number: number) => {
    items.push({ kind: 'wallet', key: `${prefix}w:${wallet.id}`, id: wallet.id, wallet, number });
    if (expandedWallets.size > 0 && expandedWallets.has(wallet.id)) {
      items.push({ kind: 'tokens', key: `${prefix}t:${wallet.id}`, id: wallet.id, wallet });
    }
  };
  if (buckets === null) {
    // The flat list holds each wallet once: its order is the list's own.
    wallets.forEach((wallet, index) => pushWallet(wallet, '', index + 1));
    return { items, visibleOrder: wallets.map((wallet) => wallet.id) };
  }
  // A wallet can sit in several custom groups: the range order counts it once.
  const order: string[] = [];
  const seen = new Set<string>();
  for (const bucket of buckets) {
    const expanded = expandedGroups.has(bucket.id);
    items.push({ kind: 'group', key: `g:${bucket.id}`, group: summarise(bucket, expanded) });
    if (!expanded) continue;
    bucket.wallets.forEach((wallet, index) => {
      pushWallet(wallet, `${bucket.id}/`, index + 1);
      if (!seen.has(wallet.id)) {
        seen.add(wallet.id);
        order.push(wallet.id);
      }
    });
  }
  return { items, visibleOrder: order };
}

export interface HeaderTotals {
  readonly wallets: number;
  readonly lamports: bigint;
  /** The wallets' Total Values added up; null without a SOL price. */
  readonly usd: number | null;
  /** Wallets in view whose Total Value is unknown, and so left out of `usd`. */
  readonly unvalued: number;
  readonly tokenBalances: number;
  readonly closeable: number;
}

/** The header line over the wallets in view, lamports summed exactly (`sumLamports`). */
export function headerTotals(
  wallets: readonly SlimWallet[],
  solPriceUsd: number | null = null,
): HeaderTotals {
  let tokenBalances = 0;
  let closeable = 0;
  let usd = 0;
  let unvalued = 0;
  for (const wallet of wallets) {
    tokenBalances += wallet.tokenStats.withBalance;
    closeable += wallet.tokenStats.zeroBalance;
    const total = walletTotalUsd(wallet, solPriceUsd);
    if (total === null) unvalued += 1;
    else usd += total;
  }
  const lamports = sumLamports(wallets.map((wallet) => wallet.lamports));
  return {
    wallets: wallets.length,
    lamports,
    usd: solPriceUsd === null ? null : usd,
    unvalued,
    tokenBalances,
    closeable,
  };
}

/**
 * Membership in the wallets in view, with the set built on the first question: pruning an empty
 * selection (every load) asks none, and 50,000 ids need not be hashed for it.
 */
export function lazyIdSet(wallets: readonly SlimWallet[]): { has(id: string): boolean } {
  let ids: ReadonlySet<string> | undefined;
  return { has: (id) => (ids ??= new Set(wallets.map((wallet) => wallet.id))).has(id) };
}

export type ExpandAllState = 'collapsed' | 'mixed' | 'expanded';

/** Spec 2 §4: expand-all is tri-state over the wallets in view. */
export function expandAllState(
  visibleOrder: readonly string[],
  expanded: ReadonlySet<string>,
): ExpandAllState {
  if (expanded.size === 0 || visibleOrder.length === 0) return 'collapsed';
  let count = 0;
  for (const id of visibleOrder) if (expanded.has(id)) count += 1;
  if (count === 0) return 'collapsed';
  return count === visibleOrder.length ? 'expanded' : 'mixed';
}
