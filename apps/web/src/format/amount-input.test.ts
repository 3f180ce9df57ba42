import { describe, expect, it } from 'vitest';
import { filterAmountInput } from './amount-input';

describe('an amount field', () => {
  it('keeps only digits and one decimal point, and no sign', () => {
    expect(filterAmountInput('1a.2.3', 6)).toBe('1.23');
    expect(filterAmountInput('-1,5e3', 6)).toBe('153');
  });

  it('strips leading zeros but keeps the zero before a point', () => {
    expect(filterAmountInput('007', 2)).toBe('7');
    expect(filterAmountInput('.5', 2)).toBe('0.5');
  });

  it("cuts the decimals at the unit's smallest step, or keeps them all when it is not known", () => {
    expect(filterAmountInput('1.23456', 2)).toBe('1.23');
    expect(filterAmountInput('12.9', 0)).toBe('12.');
    expect(filterAmountInput('1.234567890123', null)).toBe('1.234567890123');
  });
});
