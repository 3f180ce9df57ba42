import { describe, expect, it } from 'vitest';
import { lamportsAsSolNumber, rawAmountAsNumber } from './valuation-number';

describe('amounts as valuation figures', () => {
  it('converts lamports and raw token units to whole units for pricing', () => {
    expect(lamportsAsSolNumber(1_500_000_000n)).toBe(1.5);
    expect(lamportsAsSolNumber(0n)).toBe(0);
    expect(rawAmountAsNumber(123_456n, 3)).toBe(123.456);
    expect(rawAmountAsNumber(7n, 0)).toBe(7);
  });

  it('keeps the whole part of a balance past 2^53 raw units', () => {
    expect(rawAmountAsNumber(12_345_678_901_234_567_890n, 9)).toBeCloseTo(12_345_678_901.234568, 3);
  });

  it('refuses decimals a mint cannot have', () => {
    expect(() => rawAmountAsNumber(1n, -1)).toThrow(RangeError);
    expect(() => rawAmountAsNumber(1n, 1.5)).toThrow(RangeError);
  });
});
