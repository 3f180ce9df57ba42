import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatBalanceWithUnit,
  formatLamports,
  formatLamportsAsSol,
  formatSolExact,
  parseLamports,
  solAmountText,
} from './lamports';
import { parseSolAmount } from './parse-sol-amount';

describe('lamports shown as SOL', () => {
  it('shows whole and fractional SOL with 4 decimals', () => {
    expect(formatLamportsAsSol(0n)).toBe('0.0000');
    expect(formatLamportsAsSol(1_000_000_000n)).toBe('1.0000');
    expect(formatLamportsAsSol(1_500_000_000n)).toBe('1.5000');
    expect(formatLamportsAsSol(2_039_280n)).toBe('0.0020');
  });

  it('cuts the digits past the fourth decimal instead of rounding up', () => {
    expect(formatLamportsAsSol(999_999_999n)).toBe('0.9999');
    expect(formatLamportsAsSol(99_999n)).toBe('0.0000');
  });

  it('groups thousands of SOL and stays exact beyond 2^53 lamports', () => {
    expect(formatLamportsAsSol(1_234_567_000_000_000n)).toBe('1,234,567.0000');
    // 2^64 - 1 lamports: a float would already have lost the last digits.
    expect(formatLamportsAsSol(18_446_744_073_709_551_615n, 9)).toBe('18,446,744,073.709551615');
  });

  it('takes another number of decimals, and refuses an impossible one', () => {
    expect(formatLamportsAsSol(1_234_567_891n, 2)).toBe('1.23');
    expect(formatLamportsAsSol(1_234_567_891n, 0)).toBe('1');
    expect(() => formatLamportsAsSol(1n, 10)).toThrow(RangeError);
    expect(() => formatLamportsAsSol(1n, 1.5)).toThrow(RangeError);
  });

  it('keeps the sign of a negative amount but never shows "-0.0000"', () => {
    expect(formatLamportsAsSol(-1_500_000_000n)).toBe('-1.5000');
    expect(formatLamportsAsSol(-5n)).toBe('0.0000');
  });

  it('writes SOL exactly, without rounding or trailing zeros', () => {
    expect(formatSolExact(100_000_000_000n)).toBe('100');
    expect(formatSolExact(4_200_000_000n)).toBe('4.2');
    expect(formatSolExact(1n)).toBe('0.000000001');
    expect(formatSolExact(1_234_567_000_000_000n)).toBe('1,234,567');
    expect(formatSolExact(0n)).toBe('0');
  });
});

describe('lamports from the API', () => {
  it('parse decimal strings and refuse anything else', () => {
    expect(parseLamports('1500000000')).toBe(1_500_000_000n);
    expect(parseLamports('18446744073709551615')).toBe(18_446_744_073_709_551_615n);
    expect(parseLamports('1.5')).toBeUndefined();
    expect(parseLamports('')).toBeUndefined();
    expect(parseLamports('1e9')).toBeUndefined();
  });
});

describe('lamports shown as lamports', () => {
  it('is a whole number with thousands grouped, exact past 2^53', () => {
    expect(formatLamports(0n)).toBe('0');
    expect(formatLamports(999n)).toBe('999');
    expect(formatLamports(1_500_000_000n)).toBe('1,500,000,000');
    expect(formatLamports(18_446_744_073_709_551_615n)).toBe('18,446,744,073,709,551,615');
    expect(formatLamports(-2_039_280n)).toBe('-2,039,280');
  });

  it('names the unit the operator picked', () => {
    expect(formatBalanceWithUnit(1_500_000_000n, 'sol')).toBe('1.5000 SOL');
    expect(formatBalanceWithUnit(1_500_000_000n, 'lamports')).toBe('1,500,000,000 lamports');
  });

  it('shows balances in SOL to 4 decimals or in whole lamports, by integer arithmetic', () => {
    expect(formatBalance(1_234_567_891n, 'sol')).toBe('1.2345');
    expect(formatBalance(1_234_567_891n, 'lamports')).toBe('1,234,567,891');
    expect(formatBalance(18_446_744_073_709_551_615n, 'lamports')).toBe(
      '18,446,744,073,709,551,615',
    );
  });
});

describe('lamports as the SOL text of a request', () => {
  it('writes every digit without grouping or trailing zeros', () => {
    expect(solAmountText(0n)).toBe('0');
    expect(solAmountText(1n)).toBe('0.000000001');
    expect(solAmountText(1_500_000_000n)).toBe('1.5');
    expect(solAmountText(1_000_000_000_000n)).toBe('1000');
    expect(solAmountText(18_446_744_073_709_551_615n)).toBe('18446744073.709551615');
  });

  it('is read back by parseSolAmount as the same lamports', () => {
    for (const lamports of [0n, 1n, 999_999_999n, 1_000_000_001n, 123_456_789_012_345n]) {
      const parsed = parseSolAmount(solAmountText(lamports));
      expect(parsed).toEqual({ ok: true, lamports });
    }
  });

  it('refuses a negative amount', () => {
    expect(() => solAmountText(-1n)).toThrow(RangeError);
  });
});
