import type { SlimWallet } from '../api/wallets';

/** Spec 2 §2.1 sortable columns and §4 sort behaviour. */
export const WALLET_SORT_KEYS = [
  'wallet',
  'source',
  'tags',
  'total',
  'sol',
  'tokensValue',
  'withCount',
  'zeroCount',
  'importedAt',
] as const;
export type WalletSortKey = (typeof WALLET_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface WalletSort {
  readonly key: WalletSortKey;
  readonly direction: SortDirection;
}

export const DEFAULT_WALLET_SORT: WalletSort = Object.freeze({ key: 'total', direction: 'desc' });

/**
 * A header click: the same column flips its direction; a new column starts ascending, or
 * descending in the grouped table (spec 2 §4).
 */
export function nextWalletSort(
  current: WalletSort,
  key: WalletSortKey,
  grouped: boolean,
): WalletSort {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: grouped ? 'desc' : 'asc' };
}

export type SortWallet = Pick<
  SlimWallet,
  | 'address'
  | 'name'
  | 'lamports'
  | 'tokenStats'
  | 'tokensValueUsd'
  | 'sourceLabel'
  | 'tagIds'
  | 'createdAt'
>;

export interface WalletSortContext {
  /** Tag id → name, to sort the Tags column by what it shows. */
  readonly tagName: (tagId: string) => string | undefined;
}

/** A sort value: bigint for lamports (never a float), numbers for counts, text for labels. */
type SortValue = bigint | number | string | null;

/**
 * What each column sorts by. `total` is SOL first, then the tokens' USD value: until a price
 * service exists SOL is the only value the scan knows, and USD figures are null (shown as a dash).
 */
function sortValues(
  wallet: SortWallet,
  key: WalletSortKey,
  context: WalletSortContext,
): SortValue[] {
  switch (key) {
    case 'wallet':
      return [(wallet.name ?? wallet.address).toLowerCase()];
    case 'source':
      return [wallet.sourceLabel.toLowerCase()];
    case 'tags': {
      const names = wallet.tagIds
        .map((id) => context.tagName(id))
        .filter((name): name is string => name !== undefined)
        .map((name) => name.toLowerCase())
        .sort();
      return [names.length > 0 ? names.join('\u0000') : null];
    }
    case 'total':
      return [lamportsOf(wallet), wallet.tokensValueUsd];
    case 'sol':
      return [lamportsOf(wallet)];
    case 'tokensValue':
      return [wallet.tokensValueUsd];
    case 'withCount':
      return [wallet.tokenStats.withBalance];
    case 'zeroCount':
      return [wallet.tokenStats.zeroBalance];
    case 'importedAt': {
      const time = Date.parse(wallet.createdAt);
      return [Number.isNaN(time) ? null : time];
    }
  }
}

function lamportsOf(wallet: SortWallet): bigint | null {
  return wallet.lamports === null ? null : BigInt(wallet.lamports);
}

/** Compares two non-null values of one column; bigint with bigint, never through Number. */
function compareValues(a: bigint | number | string, b: bigint | number | string): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

/**
 * Sorts a copy. Each wallet's sort values are computed once (O(n)), then one O(n log n) sort.
 * Ties keep the incoming order (stable, also when descending), and nulls (unscanned, unpriced,
 * untagged) go last in both directions.
 */
export function sortWallets<W extends SortWallet>(
  wallets: readonly W[],
  sort: WalletSort,
  context: WalletSortContext,
): W[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const decorated = wallets.map((wallet, index) => ({
    wallet,
    index,
    values: sortValues(wallet, sort.key, context),
  }));
  decorated.sort((left, right) => {
    for (let i = 0; i < left.values.length; i += 1) {
      const a = left.values[i] ?? null;
      const b = right.values[i] ?? null;
      if (a === null && b === null) continue;
      if (a === null) return 1;
      if (b === null) return -1;
      const order = compareValues(a, b);
      if (order !== 0) return sign * order;
    }
    return left.index - right.index;
  });
  return decorated.map((entry) => entry.wallet);
}
