/** Shown where a figure needs a price service that does not exist yet: never a made-up number. */
export const NO_VALUE = '—';

/**
 * Spec 2 §9 value format: dollars with M from 1e6 and K from 1e3 (one decimal), two decimals below.
 * USD values are estimates from price feeds (floats by nature), not on-chain amounts: the one
 * amount formatter allowed to take a `number`.
 */
export function formatUsd(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6) return `${sign}$${(magnitude / 1e6).toFixed(1)}M`;
  if (magnitude >= 1e3) return `${sign}$${(magnitude / 1e3).toFixed(1)}K`;
  return `${sign}$${magnitude.toFixed(2)}`;
}
