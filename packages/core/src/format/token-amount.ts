import { groupThousands } from './lamports';

/**
 * A raw token amount (u64 as a decimal string) with its mint's decimals, by integer arithmetic.
 * At most `maxDecimals` fraction digits are shown (cut, not rounded), trailing zeros dropped.
 * Text that is not a decimal amount is shown as it came, rather than hidden.
 */
export function formatTokenAmount(amount: string, decimals: number, maxDecimals = 6): string {
  if (!/^\d+$/.test(amount)) return amount;
  const raw = BigInt(amount);
  if (decimals <= 0) return groupThousands(raw);
  const scale = 10n ** BigInt(decimals);
  const whole = groupThousands(raw / scale);
  const fraction = (raw % scale)
    .toString()
    .padStart(decimals, '0')
    .slice(0, maxDecimals)
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
