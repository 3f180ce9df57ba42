import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './unit-price';

describe('formatUnitPrice', () => {
  it('groups thousands and names the unit, from a bigint or the wire string', () => {
    expect(formatUnitPrice(5_000n)).toBe('5,000 µlamports/CU');
    expect(formatUnitPrice('1000000')).toBe('1,000,000 µlamports/CU');
    expect(formatUnitPrice(0n)).toBe('0 µlamports/CU');
  });
});
