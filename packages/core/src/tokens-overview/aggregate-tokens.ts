import type {
  AggregatedToken,
  AggregatedTokenSortKey,
  AggregatedTokensQuery,
  TokenFilterCounts,
} from '../api/tokens-overview';
import { usdValueOfRaw } from '../format/valuation-number';
import { tokenTypeOf, type TokenType } from './token-type';

/**
 * The Tokens Overview's rows from what the fleet holds (the stored token accounts summed per
 * mint) and what the market knows of each mint, then the class filter's counts, the filter and
 * the sort of spec 2 §2.5. Pure: the server reads, this decides.
 */

/** One mint over the tenant's active wallets, as the database sums it. */
export interface HeldMint {
  readonly mint: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  /** Raw units, a decimal string (the sum may exceed u64). */
  readonly balance: string;
  readonly walletCount: number;
  readonly accountCount: number;
  readonly emptyAccountCount: number;
  readonly lastScan: string | null;
  /** A stored classification, when one exists; the decimals rule applies otherwise. */
  readonly type?: TokenType | null;
}

/** What the market said of a mint; every figure null when unknown. */
export interface MintMarketFigures {
  readonly priceUsd: number | null;
  readonly fdvUsd: number | null;
  readonly liquidityUsd: number | null;
  readonly logoUrl: string | null;
}

const NOTHING_KNOWN: MintMarketFigures = {
  priceUsd: null,
  fdvUsd: null,
  liquidityUsd: null,
  logoUrl: null,
};

export function aggregateTokens(
  held: readonly HeldMint[],
  market: ReadonlyMap<string, MintMarketFigures>,
): AggregatedToken[] {
  return held.map((row) => {
    const figures = market.get(row.mint) ?? NOTHING_KNOWN;
    const balance = BigInt(row.balance);
    const valueTotal =
      figures.priceUsd === null
        ? null
        : balance === 0n
          ? 0
          : usdValueOfRaw(balance, row.decimals ?? 0, figures.priceUsd);
    return {
      id: row.mint,
      name: row.name,
      symbol: row.symbol,
      logoUrl: figures.logoUrl,
      balanceTotal: balance.toString(),
      valueTotal,
      priceUsd: figures.priceUsd,
      fdvUsd: figures.fdvUsd,
      liquidityUsd: figures.liquidityUsd,
      walletCount: row.walletCount,
      accountCount: row.accountCount,
      emptyAccountCount: row.emptyAccountCount,
      lastScan: row.lastScan,
      decimals: row.decimals,
      type: tokenTypeOf({ type: row.type ?? null, decimals: row.decimals }),
    };
  });
}

/** Spec 2 §2.5: each filter button's count, over every mint whatever filter is chosen. */
export function countTokenFilters(tokens: readonly AggregatedToken[]): TokenFilterCounts {
  const counts = { all: tokens.length, spl: 0, nft: 0, cnft: 0, other: 0 };
  for (const token of tokens) counts[token.type] += 1;
  return counts;
}

/**
 * The rows of one filter in one column's order. Unknown figures (no price, no name) go last in
 * either direction, so a sort by value never opens on a page of dashes; the mint breaks ties,
 * so the order is the same on every call.
 */
export function selectTokens(
  tokens: readonly AggregatedToken[],
  query: AggregatedTokensQuery,
): AggregatedToken[] {
  const chosen = query.type === 'all' ? [...tokens] : tokens.filter((t) => t.type === query.type);
  const compare = COMPARATORS[query.sort];
  const sign = query.order === 'asc' ? 1 : -1;
  return chosen.sort((a, b) => {
    const order = compare(a, b);
    if (order.missing !== 0) return order.missing;
    if (order.value !== 0) return sign * order.value;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** `missing`: which side lacks the figure (it goes last); `value`: the ascending order. */
interface Comparison {
  readonly missing: number;
  readonly value: number;
}

function byNullable<T>(a: T | null, b: T | null, ascending: (x: T, y: T) => number): Comparison {
  if (a === null && b === null) return { missing: 0, value: 0 };
  if (a === null) return { missing: 1, value: 0 };
  if (b === null) return { missing: -1, value: 0 };
  return { missing: 0, value: ascending(a, b) };
}

const numbers = (x: number, y: number) => x - y;
// One collator for every comparison: `localeCompare` with options builds one per call.
const names = new Intl.Collator('en', { sensitivity: 'base' });
const displayName = (t: AggregatedToken) => t.symbol ?? t.name;

/**
 * Balances of mints with different decimals compare as token amounts, exactly: a·10^db against
 * b·10^da in bigints, never through floats.
 */
function compareBalances(a: AggregatedToken, b: AggregatedToken): number {
  const da = BigInt(a.decimals ?? 0);
  const db = BigInt(b.decimals ?? 0);
  const left = BigInt(a.balanceTotal) * 10n ** db;
  const right = BigInt(b.balanceTotal) * 10n ** da;
  return left < right ? -1 : left > right ? 1 : 0;
}

const COMPARATORS: Readonly<
  Record<AggregatedTokenSortKey, (a: AggregatedToken, b: AggregatedToken) => Comparison>
> = {
  name: (a, b) => byNullable(displayName(a), displayName(b), (x, y) => names.compare(x, y)),
  balance: (a, b) => ({ missing: 0, value: compareBalances(a, b) }),
  value: (a, b) => byNullable(a.valueTotal, b.valueTotal, numbers),
  fdv: (a, b) => byNullable(a.fdvUsd, b.fdvUsd, numbers),
  liquidity: (a, b) => byNullable(a.liquidityUsd, b.liquidityUsd, numbers),
  holders: (a, b) => ({ missing: 0, value: a.walletCount - b.walletCount }),
  lastScan: (a, b) => byNullable(a.lastScan, b.lastScan, (x, y) => Date.parse(x) - Date.parse(y)),
};
