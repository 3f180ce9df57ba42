import { MAX_CREATE_WALLETS } from '@fleet/core';

/**
 * The Create New Wallet quantity field (spec 2 §5): 1 to 100. While the entry is not a whole
 * number from 1 to 100, Create is disabled and the field says why; leaving the field clamps a
 * number into range so a typo like 500 becomes 100 rather than an error. A blank entry is refused,
 * not read as 1 as spec 2 §5 has it (decision 010): a wallet the operator did not ask for is one
 * more key to keep.
 */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = MAX_CREATE_WALLETS;

export const QUANTITY_REQUIRED = `Enter how many wallets to create, from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;
export const QUANTITY_NOT_IN_RANGE = `Enter a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}`;

/** The count the entry asks for, or null while Create must stay disabled. */
export function quantityFromText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= MIN_QUANTITY && value <= MAX_QUANTITY ? value : null;
}

/** Why the entry cannot be created, or null when it can. */
export function quantityError(text: string): string | null {
  if (text.trim() === '') return QUANTITY_REQUIRED;
  return quantityFromText(text) === null ? QUANTITY_NOT_IN_RANGE : null;
}

/** What the field shows after it loses focus: a number clamped into range, else as typed. */
export function clampQuantityText(text: string): string {
  const trimmed = text.trim();
  if (!/^-?\d+(?:\.\d*)?$/.test(trimmed)) return text;
  const whole = Math.trunc(Number(trimmed));
  return String(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, whole)));
}

/** Toast titles of spec 2 §8. */
export function createdTitle(count: number): string {
  return count === 1 ? 'Wallet Created' : 'Wallets Created';
}

export function createdDescription(count: number, trader: boolean): string {
  const kind = trader ? 'trader' : 'regular';
  return `${count} ${kind} ${count === 1 ? 'wallet was' : 'wallets were'} created.`;
}
