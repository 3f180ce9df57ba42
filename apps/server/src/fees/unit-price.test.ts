import { DEFAULT_MICRO_LAMPORTS_PER_UNIT, MAX_MICRO_LAMPORTS_PER_UNIT } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { effectiveUnitPrice, serverUnitPrice } from './unit-price';

describe('The unit price a tenant bids', () => {
  it("is the server's price when the tenant has no cap", () => {
    expect(effectiveUnitPrice(5_000n, null)).toBe(5_000n);
    expect(effectiveUnitPrice(0n, null)).toBe(0n);
  });

  it("is the cap when the cap is below the server's price, and never above that price", () => {
    expect(effectiveUnitPrice(5_000n, 2_000n)).toBe(2_000n);
    expect(effectiveUnitPrice(5_000n, 0n)).toBe(0n);
    expect(effectiveUnitPrice(5_000n, 5_000n)).toBe(5_000n);
    expect(effectiveUnitPrice(5_000n, 9_000n)).toBe(5_000n);
  });

  it('stays within 0 … 1,000,000 whatever it is given', () => {
    expect(effectiveUnitPrice(5_000_000n, null)).toBe(1_000_000n);
    expect(effectiveUnitPrice(5_000_000n, 3_000_000n)).toBe(1_000_000n);
    expect(effectiveUnitPrice(5_000_000n, 700_000n)).toBe(700_000n);
    expect(effectiveUnitPrice(-5n, null)).toBe(0n);
    expect(effectiveUnitPrice(5_000n, -1n)).toBe(0n);
  });

  it("reads the server's price as the planner does: 5,000 by default, held to the limit", () => {
    expect(serverUnitPrice(undefined)).toBe(5_000n);
    expect(serverUnitPrice(12_345n)).toBe(12_345n);
    expect(serverUnitPrice(2_000_000n)).toBe(1_000_000n);
    expect(serverUnitPrice(-1n)).toBe(0n);
  });

  it("starts from spec 2 §9's 5,000 and never bids above 1,000,000", () => {
    expect(serverUnitPrice(undefined)).toBe(DEFAULT_MICRO_LAMPORTS_PER_UNIT);
    expect(effectiveUnitPrice(MAX_MICRO_LAMPORTS_PER_UNIT + 1n, null)).toBe(
      MAX_MICRO_LAMPORTS_PER_UNIT,
    );
  });
});
