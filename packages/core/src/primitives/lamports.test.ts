import { describe, expect, it } from 'vitest';
import {
  assertIsLamports,
  isLamports,
  lamports,
  lamportsFromStringSchema,
  lamportsSchema,
} from './lamports';

describe('Lamports', () => {
  it('is a bigint from 0 to 2^64 - 1', () => {
    expect(isLamports(0n)).toBe(true);
    expect(isLamports(18_446_744_073_709_551_615n)).toBe(true);
    expect(isLamports(18_446_744_073_709_551_616n)).toBe(false);
    expect(isLamports(-1n)).toBe(false);
    expect(isLamports(1)).toBe(false);
    expect(isLamports('1')).toBe(false);
  });

  it('asserts with a message that says what is wrong', () => {
    expect(() => assertIsLamports(-1n)).toThrow('Lamports must be from 0 to 18446744073709551615');
    expect(() => assertIsLamports(1.5)).toThrow('Expected lamports as a bigint, got number');
    expect(() => assertIsLamports(5n)).not.toThrow();
  });

  it('is built from a bigint or from the API decimal string', () => {
    expect(lamports(1_500_000_000n)).toBe(1_500_000_000n);
    expect(lamports('18446744073709551615')).toBe(18_446_744_073_709_551_615n);
    expect(() => lamports('1.5')).toThrow('Not a lamport amount: "1.5"');
    expect(() => lamports('18446744073709551616')).toThrow(RangeError);
    expect(() => lamports(-1n)).toThrow(RangeError);
  });

  it('has schemas for bigints and for the wire string', () => {
    expect(lamportsSchema.parse(7n)).toBe(7n);
    expect(lamportsSchema.safeParse(7).success).toBe(false);
    expect(lamportsFromStringSchema.parse('2039280')).toBe(2_039_280n);
    expect(lamportsFromStringSchema.safeParse('-1').success).toBe(false);
    expect(lamportsFromStringSchema.safeParse('18446744073709551616').success).toBe(false);
  });
});
