import {
  AGGREGATED_TOKEN_SORT_KEYS,
  formatTokenAmount,
  formatUsd,
  NEVER_SCANNED,
  relativeTime,
  selectTokens,
  TOKEN_FILTERS,
  type AggregatedToken,
  type AggregatedTokenSortKey,
  type TokenFilter,
  type TokenFilterCounts,
  type TokenType,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';

/** Spec 2 §9: the virtual table's estimated row height and overscan. */
export const ROW_HEIGHT = 44;
export const OVERSCAN = 12;

export const LOADING_TEXT = 'Loading the fleet’s tokens…';
export const LOAD_FAILED_TEXT = 'Failed to load tokens';
export const NO_TOKENS_TEXT = 'No tokens held by the fleet yet. Import wallets or run a scan.';
export const NO_TOKENS_IN_FILTER_TEXT = 'No tokens of this kind.';
export const MARKET_PENDING_TEXT = 'Market data still loading…';
/** How soon the page asks again while the server is still reading the market. */
export const MARKET_PENDING_REFETCH_MS = 2_000;

export type SortOrder = 'asc' | 'desc';

export interface TokenSort {
  readonly key: AggregatedTokenSortKey;
  readonly order: SortOrder;
}

/** The server's default (`aggregatedTokensQuerySchema`): by value, highest first. */
export const DEFAULT_SORT: TokenSort = Object.freeze({ key: 'value', order: 'desc' });

/** What the address bar holds: `?type=&sort=&order=&mint=` (mint opens the holders dialog). */
export interface OverviewParams {
  readonly filter: TokenFilter;
  readonly sort: TokenSort;
  readonly mint: string | null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((entry) => entry === value);
}

export function overviewParamsFrom(params: URLSearchParams): OverviewParams {
  const mint = params.get('mint')?.trim() ?? '';
  return {
    filter: oneOf(TOKEN_FILTERS, params.get('type')) ?? 'all',
    sort: {
      key: oneOf(AGGREGATED_TOKEN_SORT_KEYS, params.get('sort')) ?? DEFAULT_SORT.key,
      order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_SORT.order,
    },
    mint: mint === '' ? null : mint,
  };
}

/**
 * The address bar for a view: defaults are left out, and every parameter the page does not own
 * is kept as it was.
 */
export function paramsOfOverview(base: URLSearchParams, view: OverviewParams): URLSearchParams {
  const next = new URLSearchParams(base);
  const put = (name: string, value: string | null, fallback: string | null) => {
    if (value === null || value === fallback) next.delete(name);
    else next.set(name, value);
  };
  put('type', view.filter, 'all');
  const isDefaultSort =
    view.sort.key === DEFAULT_SORT.key && view.sort.order === DEFAULT_SORT.order;
  put('sort', isDefaultSort ? null : view.sort.key, null);
  put('order', isDefaultSort ? null : view.sort.order, null);
  put('mint', view.mint, null);
  return next;
}

/** Spec 2 §4: the same column toggles its direction; a new column starts ascending. */
export function nextSort(current: TokenSort, key: AggregatedTokenSortKey): TokenSort {
  if (current.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: 'asc' };
}

/** The rows of the chosen filter in the chosen order: core's rule, the server's own. */
export function visibleTokens(
  tokens: readonly AggregatedToken[],
  filter: TokenFilter,
  sort: TokenSort,
): AggregatedToken[] {
  return selectTokens(tokens, { type: filter, sort: sort.key, order: sort.order });
}

const FILTER_LABELS: Readonly<Record<TokenFilter, string>> = {
  all: 'All',
  spl: 'SPL',
  nft: 'NFTs',
  cnft: 'cNFTs',
  other: 'Other',
};

const TYPE_LABELS: Readonly<Record<TokenType, string>> = {
  spl: 'SPL',
  nft: 'NFT',
  cnft: 'cNFT',
  other: 'Other',
};

export interface FilterButtonView {
  readonly filter: TokenFilter;
  readonly label: string;
  readonly count: string;
  readonly pressed: boolean;
}

/** Spec 2 §2.5's filter buttons, each with its count over every mint. */
export function filterButtons(
  counts: TokenFilterCounts | undefined,
  chosen: TokenFilter,
): FilterButtonView[] {
  return TOKEN_FILTERS.map((filter) => ({
    filter,
    label: FILTER_LABELS[filter],
    count: counts ? counts[filter].toLocaleString('en-US') : '…',
    pressed: filter === chosen,
  }));
}

export interface TokenColumn {
  readonly id: 'select' | 'token' | AggregatedTokenSortKey | 'empty' | 'actions';
  readonly label: string;
  readonly sortKey: AggregatedTokenSortKey | null;
  readonly align: 'left' | 'right';
}

/** The table's columns, in spec 2 §2.5's order, with the empty accounts Close Acct reclaims. */
export const TOKEN_COLUMNS: readonly TokenColumn[] = Object.freeze([
  { id: 'select', label: 'Select', sortKey: null, align: 'left' },
  { id: 'name', label: 'Name / Symbol', sortKey: 'name', align: 'left' },
  { id: 'balance', label: 'Balance', sortKey: 'balance', align: 'right' },
  { id: 'value', label: 'Value', sortKey: 'value', align: 'right' },
  { id: 'fdv', label: 'FDV', sortKey: 'fdv', align: 'right' },
  { id: 'liquidity', label: 'Liquidity', sortKey: 'liquidity', align: 'right' },
  { id: 'holders', label: 'Holders', sortKey: 'holders', align: 'right' },
  { id: 'empty', label: 'Empty', sortKey: null, align: 'right' },
  { id: 'lastScan', label: 'Last Scan', sortKey: 'lastScan', align: 'right' },
  { id: 'actions', label: 'Actions', sortKey: null, align: 'right' },
] satisfies TokenColumn[]);

/** The CSS grid shared by the header and every row. */
export const TOKEN_GRID_TEMPLATE =
  '40px minmax(220px,1fr) 150px 100px 100px 100px 90px 70px 100px 132px';

export function ariaSortOf(
  column: TokenColumn,
  sort: TokenSort,
): 'ascending' | 'descending' | undefined {
  if (column.sortKey === null || column.sortKey !== sort.key) return undefined;
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

/** One row's texts, built once per answer. */
export interface TokenRowView {
  readonly mint: string;
  readonly mintShort: string;
  /** The symbol, else the name, else the short mint. */
  readonly primary: string;
  /** The name beside a symbol, else the short mint. */
  readonly secondary: string;
  readonly logoUrl: string | null;
  readonly type: string;
  readonly balance: string;
  readonly value: string;
  readonly fdv: string;
  readonly liquidity: string;
  readonly holders: string;
  readonly emptyAccounts: number;
  readonly lastScan: string;
  readonly lastScanAt: string | null;
}

/** Balances of NFTs and unknown mints carry no decimals; amounts show 6 at most (spec 2 §9). */
export function tokenRow(token: AggregatedToken, now: number): TokenRowView {
  const mintShort = shortenAddress(token.id);
  const symbol = token.symbol?.trim() || null;
  const name = token.name?.trim() || null;
  return {
    mint: token.id,
    mintShort,
    primary: symbol ?? name ?? mintShort,
    secondary: symbol && name ? name : mintShort,
    logoUrl: token.logoUrl,
    type: TYPE_LABELS[token.type],
    balance: formatTokenAmount(token.balanceTotal, token.decimals ?? 0),
    value: formatUsd(token.valueTotal),
    fdv: formatUsd(token.fdvUsd),
    liquidity: formatUsd(token.liquidityUsd),
    holders: token.walletCount.toLocaleString('en-US'),
    emptyAccounts: token.emptyAccountCount,
    lastScan: token.lastScan === null ? NEVER_SCANNED : relativeTime(token.lastScan, now),
    lastScanAt: token.lastScan,
  };
}

/** The selection kept to the mints still listed (a close or a new answer may drop some). */
export function keptSelection(
  selected: ReadonlySet<string>,
  listed: readonly AggregatedToken[],
): ReadonlySet<string> {
  const kept = new Set<string>();
  for (const token of listed) if (selected.has(token.id)) kept.add(token.id);
  return kept.size === selected.size ? selected : kept;
}

/** The selected rows' mints, in the table's order. */
export function selectedMints(
  selected: ReadonlySet<string>,
  listed: readonly AggregatedToken[],
): string[] {
  return listed.filter((token) => selected.has(token.id)).map((token) => token.id);
}

/** Select-all over the rows in view: all of them, or none when all already are. */
export function toggledAll(
  selected: ReadonlySet<string>,
  listed: readonly AggregatedToken[],
): ReadonlySet<string> {
  const all = listed.length > 0 && listed.every((token) => selected.has(token.id));
  return all ? new Set() : new Set(listed.map((token) => token.id));
}

export function toggledOne(selected: ReadonlySet<string>, mint: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(mint)) next.delete(mint);
  else next.add(mint);
  return next;
}
