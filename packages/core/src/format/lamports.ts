/**
 * Lamports for display (spec 1 §9: 1 SOL = 10^9 lamports, balances in SOL with 4 decimals).
 * Integer arithmetic on bigint only: a float never touches the amount. Digits past the shown
 * decimals are cut, not rounded, so the console never shows more than the wallet holds.
 */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const SOL_DECIMALS = 9;

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

/**
 * Lamports as SOL with every significant digit and no trailing zeros ("4.2", "100",
 * "0.000000001"): a warning about money must not round it away. Thousands are grouped.
 */
export function formatSolExact(lamports: bigint): string {
  const negative = lamports < 0n;
  const magnitude = negative ? -lamports : lamports;
  const whole = groupThousands(magnitude / LAMPORTS_PER_SOL);
  const fraction = (magnitude % LAMPORTS_PER_SOL)
    .toString()
    .padStart(SOL_DECIMALS, '0')
    .replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/**
 * Lamports as the SOL text a request carries (`"1.5"`, `"1000"`, `"0.000000001"`): every digit,
 * no grouping, no trailing zeros, so `parseSolAmount` reads back exactly the same lamports.
 */
export function solAmountText(lamports: bigint): string {
  if (lamports < 0n) throw new RangeError('an amount of SOL to send is never negative');
  const whole = (lamports / LAMPORTS_PER_SOL).toString();
  const fraction = (lamports % LAMPORTS_PER_SOL)
    .toString()
    .padStart(SOL_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Lamports as a whole number with thousands grouped (`1,500,000,000`): the "lamports" unit. */
export function formatLamports(lamports: bigint): string {
  return lamports < 0n ? `-${groupThousands(-lamports)}` : groupThousands(lamports);
}

/**
 * A balance in the unit the operator picked in the settings menu ("toggle units"), without the
 * unit's name, for cells whose column names it: SOL with 4 decimals, or whole lamports.
 */
export function formatBalance(lamports: bigint, unit: 'sol' | 'lamports'): string {
  return unit === 'sol' ? formatLamportsAsSol(lamports, 4) : formatLamports(lamports);
}

/** The same with the unit named: `1.5000 SOL` or `1,500,000,000 lamports`. */
export function formatBalanceWithUnit(lamports: bigint, unit: 'sol' | 'lamports'): string {
  return unit === 'sol'
    ? `${formatLamportsAsSol(lamports)} SOL`
    : `${formatLamports(lamports)} lamports`;
}

/** Parses the API's decimal-string lamports (`"1500000000"`); undefined for anything else. */
export function parseLamports(text: string): bigint | undefined {
  return /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

/** Digits with a comma every three from the right (`1,234,567`); the digits stay exact. */
export function groupThousands(value: bigint | string): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
