import { parseLamports } from '@fleet/core';
import type { ReviewRow, ReviewStatus } from './key-review';
import type { WalletScan } from './scan-state';

/**
 * What the Private Keys review shows of its rows (issue 15): sorted by paste order, status or
 * balance, filtered by status and by what the last scan read. Pure, so the page derives it on
 * each change and a test can hold every order and filter.
 */
export type ReviewSort = 'line' | 'status' | 'balance-desc' | 'balance-asc';
export type ReviewStatusFilter = 'all' | ReviewStatus;
export type ReviewBalanceFilter = 'all' | 'funded' | 'empty' | 'unscanned';

export interface ReviewViewOptions {
  readonly sort: ReviewSort;
  readonly status: ReviewStatusFilter;
  readonly balance: ReviewBalanceFilter;
}

export const DEFAULT_REVIEW_VIEW: ReviewViewOptions = Object.freeze({
  sort: 'line',
  status: 'all',
  balance: 'all',
});

export const REVIEW_SORT_OPTIONS: readonly { value: ReviewSort; label: string }[] = [
  { value: 'line', label: 'Paste order' },
  { value: 'status', label: 'Status' },
  { value: 'balance-desc', label: 'SOL, highest first' },
  { value: 'balance-asc', label: 'SOL, lowest first' },
];

export const REVIEW_STATUS_OPTIONS: readonly { value: ReviewStatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'new', label: 'New' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'archived', label: 'Archived' },
];

export const REVIEW_BALANCE_OPTIONS: readonly { value: ReviewBalanceFilter; label: string }[] = [
  { value: 'all', label: 'Any balance' },
  { value: 'funded', label: 'Holds SOL' },
  { value: 'empty', label: '0 SOL' },
  { value: 'unscanned', label: 'Not scanned' },
];

const STATUS_ORDER: Readonly<Record<ReviewStatus, number>> = { new: 0, duplicate: 1, archived: 2 };

/** A wallet's lamports as the scan read them; undefined when unscanned or unreadable. */
export function scannedLamports(wallet: WalletScan | undefined): bigint | undefined {
  if (!wallet?.ok || wallet.lamports === null) return undefined;
  return parseLamports(wallet.lamports);
}

export function reviewView(
  rows: readonly ReviewRow[],
  scanned: ReadonlyMap<string, WalletScan>,
  options: ReviewViewOptions,
): readonly ReviewRow[] {
  const lamports = new Map<string, bigint | undefined>();
  for (const row of rows) lamports.set(row.address, scannedLamports(scanned.get(row.address)));
  const kept = rows.filter((row) => {
    if (options.status !== 'all' && row.status !== options.status) return false;
    const balance = lamports.get(row.address);
    switch (options.balance) {
      case 'all':
        return true;
      case 'funded':
        return balance !== undefined && balance > 0n;
      case 'empty':
        return balance === 0n;
      case 'unscanned':
        return balance === undefined;
      default:
        return exhaustive(options.balance);
    }
  });
  if (options.sort === 'line') return kept;
  return kept.sort((a, b) => {
    if (options.sort === 'status') {
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.line - b.line;
    }
    // Unscanned wallets go last in either direction: an unknown balance is no balance to rank.
    const left = lamports.get(a.address);
    const right = lamports.get(b.address);
    if (left === undefined || right === undefined) {
      return (left === undefined ? 1 : 0) - (right === undefined ? 1 : 0) || a.line - b.line;
    }
    const order = options.sort === 'balance-desc' ? compare(right, left) : compare(left, right);
    return order || a.line - b.line;
  });
}

export interface BatchTotal {
  readonly lamports: bigint;
  /** Wallets the scan read. */
  readonly wallets: number;
}

/** The batch's SOL as the scan preview read it: the sum over every wallet it read. */
export function batchTotal(scanned: ReadonlyMap<string, WalletScan>): BatchTotal {
  let lamports = 0n;
  let wallets = 0;
  for (const wallet of scanned.values()) {
    const balance = scannedLamports(wallet);
    if (balance === undefined) continue;
    lamports += balance;
    wallets += 1;
  }
  return { lamports, wallets };
}

function compare(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function exhaustive(value: never): never {
  throw new Error(`Unexpected balance filter ${JSON.stringify(value)}`);
}
