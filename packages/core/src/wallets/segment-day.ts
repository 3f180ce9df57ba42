import { DEFAULT_SEGMENT, parseSegment, type WalletSegment } from './segments';

/**
 * Spec 2 §4: the segment choice is kept in session storage for the same calendar day and resets
 * to nonEmpty on a new day. Storage keys are the spec's (§9).
 */
export const SEGMENT_STORAGE_KEY = 'wallets.view.segment';
export const SEGMENT_DATE_STORAGE_KEY = 'wallets.view.date';

/**
 * The operator's calendar day as `YYYY-MM-DD` in local time: "the same day" is the day on the
 * operator's wall clock, not UTC's.
 */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The segment to start with: the stored one if it was stored today and is still a segment. */
export function segmentForToday(
  storedDate: string | null,
  storedSegment: string | null,
  today: string,
): WalletSegment {
  if (storedDate !== today) return DEFAULT_SEGMENT;
  return parseSegment(storedSegment) ?? DEFAULT_SEGMENT;
}
