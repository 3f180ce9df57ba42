import { MAX_ACCOUNT_INDEX } from './derivation-scheme';
import { MAX_ACCOUNT_COUNT, MIN_ACCOUNT_COUNT } from './derive-solana-accounts';

/**
 * Which accounts a seed preview derives: `count` accounts from `start`. The fields arrive as typed;
 * a value out of range is refused with a message that says the range (spec 1 §5 clamped it
 * silently, which showed the operator other accounts than the ones asked for).
 */
export const SEED_RANGE_MESSAGES = Object.freeze({
  accountCount: `Accounts to derive must be a whole number from ${MIN_ACCOUNT_COUNT} to ${MAX_ACCOUNT_COUNT}.`,
  startIndex: (max: number) => `Start index must be a whole number from 0 to ${max}.`,
  stopAfterEmpty: (max: number) =>
    `Stop after empty accounts must be a whole number from 1 to ${max}.`,
});

export type RangeResult =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

export function parseAccountCount(text: string): RangeResult {
  return wholeNumberIn(
    text,
    MIN_ACCOUNT_COUNT,
    MAX_ACCOUNT_COUNT,
    SEED_RANGE_MESSAGES.accountCount,
  );
}

/** The last start that still leaves room for `count` accounts below the hardened limit. */
export function maxStartIndex(count: number): number {
  return MAX_ACCOUNT_INDEX - count + 1;
}

export function parseStartIndex(text: string, count: number): RangeResult {
  const max = maxStartIndex(count);
  return wholeNumberIn(text, 0, max, SEED_RANGE_MESSAGES.startIndex(max));
}

/** Spec 3 §5: stop after N inactive wallets, N from 1 to the most accounts a run derives. */
export function parseStopAfterEmpty(text: string, maxAccounts: number): RangeResult {
  return wholeNumberIn(text, 1, maxAccounts, SEED_RANGE_MESSAGES.stopAfterEmpty(maxAccounts));
}

/** The page after `start`, or null when it would pass the last account index. */
export function nextPageStart(start: number, count: number): number | null {
  const next = start + count;
  return next <= maxStartIndex(count) ? next : null;
}

/** The page before `start` (the first page starts at 0), or null on the first page. */
export function previousPageStart(start: number, count: number): number | null {
  return start === 0 ? null : Math.max(0, start - count);
}

function wholeNumberIn(text: string, min: number, max: number, message: string): RangeResult {
  const trimmed = text.trim();
  // Digits only: "1e2", "0x10", "12.0" and "+5" are not what an operator types for a count.
  if (!/^\d{1,10}$/.test(trimmed)) return { ok: false, message };
  const value = Number(trimmed);
  return value >= min && value <= max ? { ok: true, value } : { ok: false, message };
}
