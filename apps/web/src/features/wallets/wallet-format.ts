import { formatLamportsAsSol } from '../../format/lamports';

/** Shown where a figure needs a price service that does not exist yet: never a made-up number. */
export const NO_VALUE = '—';

/**
 * Spec 2 §9 value format: dollars with M from 1e6 and K from 1e3 (one decimal), two decimals below.
 * USD values are estimates from price feeds (floats by nature), not on-chain amounts.
 */
export function formatUsd(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6) return `${sign}$${(magnitude / 1e6).toFixed(1)}M`;
  if (magnitude >= 1e3) return `${sign}$${(magnitude / 1e3).toFixed(1)}K`;
  return `${sign}$${magnitude.toFixed(2)}`;
}

/** A balance in the chosen unit: SOL with 4 decimals, or whole lamports (spec 1 §9). */
export function formatBalance(lamports: bigint, unit: 'sol' | 'lamports'): string {
  return unit === 'sol' ? formatLamportsAsSol(lamports, 4) : groupDigits(lamports.toString());
}

/**
 * A raw token amount (u64 as a decimal string) with its mint's decimals, by integer arithmetic.
 * At most `maxDecimals` fraction digits are shown (cut, not rounded), trailing zeros dropped.
 */
export function formatTokenAmount(amount: string, decimals: number, maxDecimals = 6): string {
  if (!/^\d+$/.test(amount)) return amount;
  const raw = BigInt(amount);
  if (decimals <= 0) return groupDigits(raw.toString());
  const scale = 10n ** BigInt(decimals);
  const whole = groupDigits((raw / scale).toString());
  const fraction = (raw % scale)
    .toString()
    .padStart(decimals, '0')
    .slice(0, maxDecimals)
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

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

/**
 * How old a wallet's numbers are: 'scanned 2m ago', or 'Never' (spec 2 §9) for a wallet whose
 * balance has never been read. An unreadable stored time shows a dash.
 */
export function scanAgeText(lastScannedAt: string | null, now: number): string {
  if (lastScannedAt === null) return NEVER_SCANNED;
  const age = relativeTime(lastScannedAt, now);
  return age === NO_VALUE ? NO_VALUE : `scanned ${age}`;
}

export const NEVER_SCANNED = 'Never';

/** Spec 2 §9: at most three tags on a row, then "+N" for the rest. */
export const MAX_ROW_TAGS = 3;

export function splitTags<T>(tags: readonly T[]): {
  readonly shown: readonly T[];
  readonly more: number;
} {
  return { shown: tags.slice(0, MAX_ROW_TAGS), more: Math.max(0, tags.length - MAX_ROW_TAGS) };
}
