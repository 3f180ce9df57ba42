/**
 * Lamports to SOL for display (spec 1 §9: 1 SOL = 1e9 lamports, balances in SOL with 4 decimals).
 * Integer arithmetic on bigint only: a float never touches the amount. Digits past the shown
 * decimals are cut, not rounded, so the console never shows more than the wallet holds.
 */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
const SOL_DECIMALS = 9;

export function formatLamportsAsSol(lamports: bigint, decimals = 4): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > SOL_DECIMALS) {
    throw new RangeError(`decimals must be a whole number from 0 to ${SOL_DECIMALS}`);
  }
  const negative = lamports < 0n;
  const magnitude = negative ? -lamports : lamports;
  const whole = magnitude / LAMPORTS_PER_SOL;
  const fraction = (magnitude % LAMPORTS_PER_SOL)
    .toString()
    .padStart(SOL_DECIMALS, '0')
    .slice(0, decimals);
  const text = decimals > 0 ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);
  const isZero = whole === 0n && /^0*$/.test(fraction);
  return negative && !isZero ? `-${text}` : text;
}

/** Lamports as a whole number with thousands grouped (`1,500,000,000`): the "lamports" unit. */
export function formatLamports(lamports: bigint): string {
  return lamports < 0n ? `-${groupThousands(-lamports)}` : groupThousands(lamports);
}

/**
 * A balance in the unit the operator picked in the settings menu ("toggle units"), with the unit
 * named: `1.5000 SOL` or `1,500,000,000 lamports`.
 */
export function formatBalance(lamports: bigint, unit: 'sol' | 'lamports'): string {
  return unit === 'sol'
    ? `${formatLamportsAsSol(lamports)} SOL`
    : `${formatLamports(lamports)} lamports`;
}

/** Parses the API's decimal-string lamports (`"1500000000"`); undefined for anything else. */
export function parseLamports(text: string): bigint | undefined {
  return /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

function groupThousands(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
