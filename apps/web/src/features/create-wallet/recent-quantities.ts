import { MAX_QUANTITY, MIN_QUANTITY } from './quantity';

/** Spec 2 §9: the last 5 quantities are offered as quick buttons, newest first. */
export const RECENT_QUANTITIES_LIMIT = 5;
export const RECENT_QUANTITIES_KEY = 'fleet.createWallet.recentQuantities';

export function rememberQuantity(recent: readonly number[], quantity: number): number[] {
  return [quantity, ...recent.filter((value) => value !== quantity)].slice(
    0,
    RECENT_QUANTITIES_LIMIT,
  );
}

/** Reads the stored list; anything damaged or out of range is dropped rather than trusted. */
export function parseRecentQuantities(stored: string | null): number[] {
  if (stored === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const valid = parsed.filter(
    (value): value is number =>
      Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY,
  );
  return [...new Set(valid)].slice(0, RECENT_QUANTITIES_LIMIT);
}

export function readRecentQuantities(storage: Storage | undefined): number[] {
  try {
    return parseRecentQuantities(storage?.getItem(RECENT_QUANTITIES_KEY) ?? null);
  } catch {
    return [];
  }
}

export function writeRecentQuantities(storage: Storage | undefined, recent: readonly number[]) {
  try {
    storage?.setItem(RECENT_QUANTITIES_KEY, JSON.stringify(recent));
  } catch {
    // Storage refused (privacy mode): the quick buttons just do not persist.
  }
}
