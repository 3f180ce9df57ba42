import { describe, expect, it } from 'vitest';
import type { ReviewRow } from './key-review';
import { batchTotal, DEFAULT_REVIEW_VIEW, reviewView, type ReviewViewOptions } from './review-view';
import type { WalletScan } from './scan-state';

const row = (name: string, line: number, status: ReviewRow['status']): ReviewRow => ({
  address: name.repeat(44),
  privateKey: name.toLowerCase().repeat(88),
  status,
  line,
});

const ROWS = [
  row('A', 1, 'new'),
  row('B', 2, 'archived'),
  row('C', 4, 'new'),
  row('D', 5, 'duplicate'),
  row('E', 6, 'new'),
];

const scan = (address: string, lamports: string | null, ok = true): [string, WalletScan] => [
  address,
  { address, ok, lamports, tokenAccounts: 0, error: ok ? null : 'timeout' },
];

const SCANNED = new Map([
  scan('A'.repeat(44), '2000000000'),
  scan('C'.repeat(44), '0'),
  scan('E'.repeat(44), '500000000'),
  scan('D'.repeat(44), null, false),
]);

const lines = (options: Partial<ReviewViewOptions>) =>
  reviewView(ROWS, SCANNED, { ...DEFAULT_REVIEW_VIEW, ...options }).map((shown) => shown.line);

describe('the review view', () => {
  it('keeps paste order by default and sorts by status, then line', () => {
    expect(lines({})).toEqual([1, 2, 4, 5, 6]);
    expect(lines({ sort: 'status' })).toEqual([1, 4, 6, 5, 2]);
  });

  it('sorts by balance either way, with wallets the scan did not read last', () => {
    expect(lines({ sort: 'balance-desc' })).toEqual([1, 6, 4, 2, 5]);
    expect(lines({ sort: 'balance-asc' })).toEqual([4, 6, 1, 2, 5]);
  });

  it('filters by status and by balance, together', () => {
    expect(lines({ status: 'new' })).toEqual([1, 4, 6]);
    expect(lines({ status: 'archived' })).toEqual([2]);
    expect(lines({ balance: 'funded' })).toEqual([1, 6]);
    expect(lines({ balance: 'empty' })).toEqual([4]);
    expect(lines({ balance: 'unscanned' })).toEqual([2, 5]);
    expect(lines({ status: 'new', balance: 'funded', sort: 'balance-asc' })).toEqual([6, 1]);
  });

  it('totals the SOL of every wallet the scan read, in lamports', () => {
    expect(batchTotal(SCANNED)).toEqual({ lamports: 2_500_000_000n, wallets: 3 });
    expect(batchTotal(new Map())).toEqual({ lamports: 0n, wallets: 0 });
  });
});
