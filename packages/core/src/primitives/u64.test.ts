import { describe, expect, it } from 'vitest';
import { isU64, isU64String, U64_MAX, u64StringSchema } from './u64';

describe('u64 on the wire', () => {
  it('accepts decimal digits from 0 to 2^64 - 1', () => {
    for (const text of ['0', '1', '2039280', '18446744073709551615', '007', '0'.repeat(64)]) {
      expect(u64StringSchema.parse(text)).toBe(text);
      expect(isU64String(text)).toBe(true);
    }
  });

  it('refuses signs, spaces, fractions, exponents and anything past 2^64 - 1', () => {
    const refused = ['', '-1', '+1', ' 1', '1 ', '1.0', '1e9', '0x10', '18446744073709551616'];
    for (const text of [...refused, '1'.repeat(25)]) {
      expect(u64StringSchema.safeParse(text).success, text).toBe(false);
      expect(isU64String(text), text).toBe(false);
    }
    expect(u64StringSchema.safeParse(5).success).toBe(false);
    expect(isU64String(5)).toBe(false);
  });

  it('compares 20-digit amounts exactly, leading zeros or not', () => {
    const fits = [
      '9'.repeat(19),
      `1${'0'.repeat(19)}`,
      '18446744073709551615',
      '00018446744073709551615',
    ];
    const past = [`2${'0'.repeat(19)}`, '18446744073709551616', '00018446744073709551616'];
    for (const text of fits) expect(isU64String(text), text).toBe(true);
    for (const text of past) expect(isU64String(text), text).toBe(false);
  });

  it('says so when the number is too large', () => {
    const result = u64StringSchema.safeParse('99999999999999999999');
    expect(result.error?.issues[0]?.message).toBe('Must be at most 18446744073709551615');
  });

  it('bounds u64 bigints', () => {
    expect(U64_MAX).toBe(18_446_744_073_709_551_615n);
    expect(isU64(0n)).toBe(true);
    expect(isU64(U64_MAX)).toBe(true);
    expect(isU64(U64_MAX + 1n)).toBe(false);
    expect(isU64(-1n)).toBe(false);
    expect(isU64(1)).toBe(false);
  });
});
