import type { ValidateKeysResponse } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  buildKeyReview,
  initialSelection,
  lineLabel,
  notImportedLines,
  problemsInText,
  reviewCounts,
  selectedAddresses,
  selectedKeys,
  setAllSelected,
  toggleSelection,
} from './key-review';

const address = (c: string) => c.repeat(44);
const key = (c: string) => c.repeat(88);

const RESULT: ValidateKeysResponse = {
  privateKeys: [key('a'), key('b'), key('c'), key('d')],
  publicAddresses: [address('A'), address('B'), address('C'), address('D')],
  keyLines: [1, 2, 3, 5],
  duplicateActiveAddresses: [address('B')],
  duplicateArchivedAddresses: [address('C')],
  duplicatesInInput: 1,
  repeats: [{ line: 4, firstLine: 1 }],
  problems: [{ line: 7, endLine: 7, message: 'Invalid private key length' }],
};

describe('the private-key review', () => {
  const review = buildKeyReview(RESULT);

  it('marks active duplicates "Duplicate", archived ones "Archived", and the rest new', () => {
    expect(review.rows.map((row) => row.status)).toEqual(['new', 'duplicate', 'archived', 'new']);
    expect(review.rows[0]?.privateKey).toBe(key('a'));
    expect(reviewCounts(review.rows)).toEqual({ total: 4, new: 2, duplicate: 1, archived: 1 });
    expect(review.problems).toEqual([
      { line: 7, endLine: 7, message: 'Invalid private key length' },
    ]);
    expect(review.duplicatesInInput).toBe(1);
  });

  it('starts with every new wallet selected, and only those', () => {
    const selection = initialSelection(review.rows);
    expect(selectedAddresses(review.rows, selection)).toEqual([address('A'), address('D')]);
    expect(selectedKeys(review.rows, selection)).toEqual([key('a'), key('d')]);
  });

  it('never selects a duplicate or archived wallet', () => {
    const selection = toggleSelection(review.rows, new Set(), address('B'), true);
    expect(selection.size).toBe(0);
    const archived = toggleSelection(review.rows, new Set([address('C')]), address('A'), true);
    expect([...archived]).toEqual([address('A')]);
  });

  it('toggles one wallet or all new wallets', () => {
    const all = initialSelection(review.rows);
    const fewer = toggleSelection(review.rows, all, address('A'), false);
    expect(selectedKeys(review.rows, fewer)).toEqual([key('d')]);
    expect(setAllSelected(review.rows, false).size).toBe(0);
    expect(selectedAddresses(review.rows, setAllSelected(review.rows, true))).toEqual([
      address('A'),
      address('D'),
    ]);
  });

  it('finds the line problems of a paste the server refused outright', () => {
    expect(problemsInText(`hello world\n${'2'.repeat(70)}\n[1, 2, 3]`)).toEqual([
      { line: 1, endLine: 1, message: 'Unsupported private key format' },
      { line: 2, endLine: 2, message: 'Unsupported private key format' },
      { line: 3, endLine: 3, message: 'Invalid private key length' },
    ]);
  });

  it('lists every line that will not be imported, in line order, with its reason', () => {
    expect(notImportedLines(review)).toEqual([
      { line: 2, endLine: 2, reason: 'duplicate (already in the fleet)' },
      { line: 3, endLine: 3, reason: 'archived (already in the fleet, in its archive)' },
      { line: 4, endLine: 4, reason: 'repeated (the same key as line 1)' },
      { line: 7, endLine: 7, reason: 'Invalid private key length' },
    ]);
    expect(lineLabel({ line: 3, endLine: 3 })).toBe('Line 3');
    expect(lineLabel({ line: 3, endLine: 5 })).toBe('Lines 3–5');
  });
});
