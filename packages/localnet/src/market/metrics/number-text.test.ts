import { describe, expect, it } from 'vitest';

import { decimalText, rounded } from './number-text.js';

describe('decimal text', () => {
  it('writes small and large numbers without exponents', () => {
    expect(decimalText(4.873e-6, 4)).toBe('0.000004873');
    expect(decimalText(1.71958095080056e-8)).toBe('0.0000000171958095080056');
    expect(decimalText(15_000_000)).toBe('15000000');
    expect(decimalText(0.015)).toBe('0.015');
    expect(decimalText(123.456, 4)).toBe('123.5');
    expect(decimalText(-0.5)).toBe('-0.5');
    expect(decimalText(0)).toBe('0');
    expect(decimalText(Number.NaN)).toBe('0');
  });

  it('rounds JSON numbers to places', () => {
    expect(rounded(1.23456, 2)).toBe(1.23);
    expect(rounded(29999.999, 2)).toBe(30000);
  });
});
