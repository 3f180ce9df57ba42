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
  /** The line of the paste the key was read from. */
  readonly line: number;
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
  readonly repeats: ValidateKeysResponse['repeats'];
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
    return [{ address, privateKey, status, line: result.keyLines[index] ?? 0 }];
  });
  return {
    rows,
    duplicatesInInput: result.duplicatesInInput,
    repeats: result.repeats,
    problems: result.problems,
  };
}

/** One line (or adjacent lines) of the paste that will not be imported, and why. */
export interface NotImportedLine {
  readonly line: number;
  readonly endLine: number;
  readonly reason: string;
}

/** Issue 15's reasons for keys that were read but will not be imported. */
export const NOT_IMPORTED_REASONS = Object.freeze({
  repeated: (firstLine: number) => `repeated (the same key as line ${firstLine})`,
  duplicate: 'duplicate (already in the fleet)',
  archived: 'archived (already in the fleet, in its archive)',
});

/**
 * Every non-empty line of the paste that will not be imported, in line order (issue 15: no input
 * is dropped without a word): lines the parser could not read, repeats of a key, and keys of
 * wallets the fleet already holds, active or archived. New wallets left unticked are the
 * operator's own choice and are not listed.
 */
export function notImportedLines(review: Omit<KeyReview, 'duplicatesInInput'>): NotImportedLine[] {
  const lines: NotImportedLine[] = review.problems.map(({ line, endLine, message }) => ({
    line,
    endLine,
    reason: message,
  }));
  for (const { line, firstLine } of review.repeats) {
    lines.push({ line, endLine: line, reason: NOT_IMPORTED_REASONS.repeated(firstLine) });
  }
  for (const row of review.rows) {
    if (row.status === 'new') continue;
    lines.push({ line: row.line, endLine: row.line, reason: NOT_IMPORTED_REASONS[row.status] });
  }
  return lines.sort((a, b) => a.line - b.line);
}

/** `Line 3` or `Lines 3–5`. */
export function lineLabel({ line, endLine }: Pick<NotImportedLine, 'line' | 'endLine'>): string {
  return endLine > line ? `Lines ${line}–${endLine}` : `Line ${line}`;
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
