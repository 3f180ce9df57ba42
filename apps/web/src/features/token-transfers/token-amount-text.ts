import { formatTokenAmount, type WithdrawMintView } from '@fleet/core';

/**
 * A raw token amount (a u64, or a signed balance a short plan would leave) at its mint's decimals,
 * every digit shown: a confirmation about money never cuts an amount (`1,234.000001`).
 */
export function tokenAmountText(raw: string, decimals: number): string {
  const negative = raw.startsWith('-');
  const text = formatTokenAmount(negative ? raw.slice(1) : raw, decimals, decimals);
  return negative && text !== '0' ? `-${text}` : text;
}

/** A Token-2022 transfer fee as the plan read it: "1% (at most 5,000)", or "None". */
export function transferFeeText(fee: WithdrawMintView['transferFee'], decimals: number): string {
  if (fee === null) return 'None';
  // Basis points are hundredths of a percent: the same digit shift as a 2-decimal amount.
  const percent = formatTokenAmount(String(fee.basisPoints), 2, 2);
  return `${percent}% (at most ${tokenAmountText(fee.maximumFeeRaw, decimals)})`;
}

/** Token program names as operators know them. */
export const PROGRAM_LABELS = { token: 'SPL Token', token2022: 'Token-2022' } as const;
