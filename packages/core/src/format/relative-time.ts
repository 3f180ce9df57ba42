import { NO_VALUE } from './usd';

/** Spec 2 §9 relative time: s, m, h or d ago. An unreadable time shows a dash, never 'Never'. */
export function relativeTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return NO_VALUE;
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export const NEVER_SCANNED = 'Never';

/**
 * How old a wallet's numbers are: 'scanned 2m ago', or 'Never' (spec 2 §9) for a wallet whose
 * balance has never been read. An unreadable stored time shows a dash.
 */
export function scanAgeText(lastScannedAt: string | null, now: number): string {
  if (lastScannedAt === null) return NEVER_SCANNED;
  const age = relativeTime(lastScannedAt, now);
  return age === NO_VALUE ? NO_VALUE : `scanned ${age}`;
}
