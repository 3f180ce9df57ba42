import type { SlimWallet } from '../api/wallets';
import { walletTotalUsd } from './wallet-values';

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
  /** The SOL price the wallets' token values were made with: Total Value sorts by it when known. */
  readonly solPriceUsd?: number | null;
}

/**
 * A sort key: lamports as an exact integer (see `lamportsKey`), counts as numbers, text for
 * labels. `<` and `>` compare a bigint and a number exactly, so keys of both kinds mix safely.
 */
type SortValue = bigint | number | string | null;

interface Decorated<W> {
  readonly wallet: W;
  readonly index: number;
  readonly first: SortValue;
  readonly second: SortValue;
}

/**
 * Whether any wallet in the list has a priced value. Until the wallet values arrive (4 s after the
 * page loads, spec 2 §4) or when no provider prices anything, every USD figure is null (shown as a
 * dash), and the value columns sort by SOL balance instead of keeping the list's order: see
 * `sortsBySolWhileUnpriced`.
 */
export function walletValuesPriced(
  wallets: readonly Pick<SortWallet, 'tokensValueUsd'>[],
): boolean {
  return wallets.some((wallet) => wallet.tokensValueUsd !== null);
}

/** The columns that sort by SOL balance while no value is priced. */
export function sortsBySolWhileUnpriced(key: WalletSortKey): boolean {
  return key === 'total' || key === 'tokensValue';
}

/** What the header of such a column says while no value is priced. */
export const UNPRICED_SORT_NOTE = 'Not priced yet: sorts by SOL balance';

/**
 * What each column sorts by, as at most two keys. `total` is the wallet's total in USD when the
 * SOL price is known; without one, SOL first, then the tokens' USD value. `tokensValue` is the tokens' USD value, then SOL; while nothing is priced, SOL.
 */
function decorate<W extends SortWallet>(
  wallet: W,
  index: number,
  key: WalletSortKey,
  context: WalletSortContext & { readonly priced: boolean },
): Decorated<W> {
  const one = (first: SortValue): Decorated<W> => ({ wallet, index, first, second: null });
  switch (key) {
    case 'wallet':
      return one((wallet.name ?? wallet.address).toLowerCase());
    case 'source':
      return one(wallet.sourceLabel.toLowerCase());
    case 'tags': {
      const names = wallet.tagIds
        .map((id) => context.tagName(id))
        .filter((name): name is string => name !== undefined)
        .map((name) => name.toLowerCase())
        .sort();
      return one(names.length > 0 ? names.join('\u0000') : null);
    }
    case 'total': {
      const solPriceUsd = context.solPriceUsd ?? null;
      // With a SOL price the column shows each wallet's total, so it sorts by that.
      if (solPriceUsd !== null) return one(walletTotalUsd(wallet, solPriceUsd));
      return { wallet, index, first: lamportsKey(wallet.lamports), second: wallet.tokensValueUsd };
    }
    case 'sol':
      return one(lamportsKey(wallet.lamports));
    case 'tokensValue':
      return context.priced
        ? { wallet, index, first: wallet.tokensValueUsd, second: lamportsKey(wallet.lamports) }
        : one(lamportsKey(wallet.lamports));
    case 'withCount':
      return one(wallet.tokenStats.withBalance);
    case 'zeroCount':
      return one(wallet.tokenStats.zeroBalance);
    case 'importedAt': {
      const time = Date.parse(wallet.createdAt);
      return one(Number.isNaN(time) ? null : time);
    }
  }
}

/**
 * Lamports as an exact sort key. A u64 of at most 15 digits is below 2^53, so `Number` holds it
 * exactly (it is compared, never added); longer ones are bigints. Most fleets hold balances far
 * below 2^53 lamports (9 million SOL), so a 50,000-wallet sort makes almost no bigints.
 */
function lamportsKey(lamports: string | null): bigint | number | null {
  if (lamports === null) return null;
  return lamports.length <= 15 ? Number(lamports) : BigInt(lamports);
}

/** Nulls (unscanned, unpriced, untagged) last in both directions; then by value. */
function compareKeys(a: SortValue, b: SortValue, sign: number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (a < b) return -sign;
  if (a > b) return sign;
  return 0;
}

/**
 * Sorts a copy. Each wallet's keys are computed once (O(n)), then one O(n log n) sort. Ties keep
 * the incoming order (stable, also when descending), and nulls go last in both directions.
 */
export function sortWallets<W extends SortWallet>(
  wallets: readonly W[],
  sort: WalletSort,
  context: WalletSortContext,
): W[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const priced = sortsBySolWhileUnpriced(sort.key) && walletValuesPriced(wallets);
  const keyed = { ...context, priced };
  const decorated = wallets.map((wallet, index) => decorate(wallet, index, sort.key, keyed));
  decorated.sort(
    (left, right) =>
      compareKeys(left.first, right.first, sign) ||
      compareKeys(left.second, right.second, sign) ||
      left.index - right.index,
  );
  return decorated.map((entry) => entry.wallet);
}
