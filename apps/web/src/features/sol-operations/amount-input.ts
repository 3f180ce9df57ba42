import { parseSolAmount, SOL_DECIMALS } from '@fleet/core';

/**
 * Spec 2 §5's SOL amount field: what the operator types is kept to digits and one decimal point,
 * leading zeros are stripped (a lone 0 before the point stays), and nothing can go below 0 (a
 * minus sign is not a digit). Decimals past a lamport are dropped as they are typed.
 */
export function filterSolAmountInput(typed: string): string {
  let whole = '';
  let fraction = '';
  let seenPoint = false;
  for (const char of typed) {
    if (char === '.' && !seenPoint) {
      seenPoint = true;
    } else if (char >= '0' && char <= '9') {
      if (seenPoint) fraction += char;
      else whole += char;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (seenPoint && whole === '') whole = '0';
  return seenPoint ? `${whole}.${fraction.slice(0, SOL_DECIMALS)}` : whole;
}

/** The lamports a filtered amount field holds: 0 for an empty or unreadable field. */
export function amountFieldLamports(text: string): bigint {
  if (text.trim() === '') return 0n;
  const parsed = parseSolAmount(text);
  return parsed.ok ? parsed.lamports : 0n;
}
