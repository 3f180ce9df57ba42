import { parseSolAmount, SOL_DECIMALS } from '@fleet/core';
import { filterAmountInput } from '../../format/amount-input';

/** Spec 2 §5's SOL amount field: `filterAmountInput` to a lamport, nine decimals. */
export function filterSolAmountInput(typed: string): string {
  return filterAmountInput(typed, SOL_DECIMALS);
}

/** The lamports a filtered amount field holds: 0 for an empty or unreadable field. */
export function amountFieldLamports(text: string): bigint {
  if (text.trim() === '') return 0n;
  const parsed = parseSolAmount(text);
  return parsed.ok ? parsed.lamports : 0n;
}
