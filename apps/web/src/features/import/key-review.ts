import { parsePrivateKeys, type ValidateKeysResponse } from '@fleet/core';

/**
 * The Private Keys review (spec 1 §4): one row per distinct key the server read, with its status.
 * Only new wallets can be selected; they start selected. Already-active wallets show as
 * "Duplicate", archived ones as "Archived" (importing those is the server's business: it restores
 * them only when asked with their key, which this review never sends for a non-new row).
 */
export type ReviewStatus = 'new' | 'duplicate' | 'archived';

export interface ReviewRow {
  readonly address: string;
  readonly privateKey: string;
  readonly status: ReviewStatus;
}

export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = Object.freeze({
  new: 'New',
  duplicate: 'Duplicate',
  archived: 'Archived',
});

export const NO_IMPORTABLE_KEYS_MESSAGE =
  'Validation succeeded but no importable keys were returned.';

export interface KeyReview {
  readonly rows: readonly ReviewRow[];
  readonly duplicatesInInput: number;
  readonly problems: ValidateKeysResponse['problems'];
}

/** Pairs keys with their addresses (the server answers them index by index) and sets statuses. */
export function buildKeyReview(result: ValidateKeysResponse): KeyReview {
  const active = new Set(result.duplicateActiveAddresses);
  const archived = new Set(result.duplicateArchivedAddresses);
  const rows = result.publicAddresses.flatMap((address, index): ReviewRow[] => {
    const privateKey = result.privateKeys[index];
    if (privateKey === undefined) return [];
    const status: ReviewStatus = archived.has(address)
      ? 'archived'
      : active.has(address)
        ? 'duplicate'
        : 'new';
    return [{ address, privateKey, status }];
  });
  return { rows, duplicatesInInput: result.duplicatesInInput, problems: result.problems };
}

export function newAddresses(rows: readonly ReviewRow[]): string[] {
  return rows.filter((row) => row.status === 'new').map((row) => row.address);
}

/** The review starts with every new wallet selected. */
export function initialSelection(rows: readonly ReviewRow[]): ReadonlySet<string> {
  return new Set(newAddresses(rows));
}

/** Toggles one wallet; anything that is not a new wallet of the review is never selected. */
export function toggleSelection(
  rows: readonly ReviewRow[],
  selection: ReadonlySet<string>,
  address: string,
  checked: boolean,
): ReadonlySet<string> {
  const selectable = new Set(newAddresses(rows));
  const next = new Set([...selection].filter((entry) => selectable.has(entry)));
  if (checked && selectable.has(address)) next.add(address);
  else next.delete(address);
  return next;
}

export function setAllSelected(rows: readonly ReviewRow[], checked: boolean): ReadonlySet<string> {
  return checked ? initialSelection(rows) : new Set();
}

/** Selected addresses in review order (only new wallets count). */
export function selectedAddresses(
  rows: readonly ReviewRow[],
  selection: ReadonlySet<string>,
): string[] {
  return newAddresses(rows).filter((address) => selection.has(address));
}

/** The keys to send for the selected wallets, in review order. */
export function selectedKeys(rows: readonly ReviewRow[], selection: ReadonlySet<string>): string[] {
  return rows
    .filter((row) => row.status === 'new' && selection.has(row.address))
    .map((row) => row.privateKey);
}

export interface ReviewCounts {
  readonly total: number;
  readonly new: number;
  readonly duplicate: number;
  readonly archived: number;
}

export function reviewCounts(rows: readonly ReviewRow[]): ReviewCounts {
  return {
    total: rows.length,
    new: rows.filter((row) => row.status === 'new').length,
    duplicate: rows.filter((row) => row.status === 'duplicate').length,
    archived: rows.filter((row) => row.status === 'archived').length,
  };
}

/**
 * The line problems of a paste the server refused outright ("No private keys detected in the
 * input." comes without them): the same parser, run here, says which lines looked like keys and
 * why they were refused. Line numbers and messages only, never the text.
 */
export function problemsInText(text: string): KeyReview['problems'] {
  const parsed = parsePrivateKeys(text);
  const problems = parsed.ok ? parsed.value.problems : parsed.problems;
  return problems.map(({ line, endLine, message }) => ({ line, endLine, message }));
}
