import { describe, expect, it } from 'vitest';
import { tokenAmount } from '../primitives/token-amount';
import { formatTokenAmount } from './token-amount';

describe('token amounts', () => {
  it('formats raw token amounts with their decimals, cutting past 6 and dropping trailing zeros', () => {
    expect(formatTokenAmount('123456789012', 5)).toBe('1,234,567.89012');
    expect(formatTokenAmount('1000000', 6)).toBe('1');
    expect(formatTokenAmount('1234567891', 9)).toBe('1.234567');
    expect(formatTokenAmount('5', 0)).toBe('5');
    expect(formatTokenAmount('0', 6)).toBe('0');
    expect(formatTokenAmount('18446744073709551615', 9)).toBe('18,446,744,073.709551');
  });

  it('shows more decimals when asked, and text that is not an amount as it came', () => {
    expect(formatTokenAmount('1234567891', 9, 9)).toBe('1.234567891');
    expect(formatTokenAmount('n/a', 6)).toBe('n/a');
  });

  it('formats a TokenAmount through its raw digits', () => {
    const amount = tokenAmount(1_500_000n, 6);
    expect(formatTokenAmount(amount.raw.toString(), amount.decimals)).toBe('1.5');
  });
});
