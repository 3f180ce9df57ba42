import { describe, expect, it } from 'vitest';
import { formatUsd } from './usd';

describe('USD values', () => {
  it('formats USD with K and M at one decimal, and a dash while there is no price', () => {
    expect(formatUsd(null)).toBe('—');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(1_500)).toBe('$1.5K');
    expect(formatUsd(2_340_000)).toBe('$2.3M');
    expect(formatUsd(-1_500)).toBe('-$1.5K');
  });
});
