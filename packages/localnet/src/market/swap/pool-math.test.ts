import { describe, expect, it } from 'vitest';

import {
  amountInForExactOut,
  amountOutForExactIn,
  maximumIn,
  minimumOut,
  priceImpact,
} from './pool-math.js';

describe('constant-product pool math', () => {
  it('pays x·y=k output after a fee taken from the input', () => {
    const swap = amountOutForExactIn(1_000_000_000n, 100_000_000_000n, 1_000_000_000_000n, 25);
    // net in 997,500,000; out = 1e12 × 0.9975e9 / (100e9 + 0.9975e9)
    expect(swap.feeAmount).toBe(2_500_000n);
    expect(swap.amountOut).toBe(9_876_482_091n);
  });

  it('never lets the invariant shrink', () => {
    const reserveIn = 73_000_000_000n;
    const reserveOut = 5_555_555_555_555n;
    for (const amountIn of [1n, 999n, 10_000_000n, 5_000_000_000n, 700_000_000_000n]) {
      const { amountOut } = amountOutForExactIn(amountIn, reserveIn, reserveOut, 30);
      expect((reserveIn + amountIn) * (reserveOut - amountOut)).toBeGreaterThanOrEqual(
        reserveIn * reserveOut,
      );
    }
  });

  it('answers an exact output with the least input that buys it', () => {
    const reserveIn = 50_000_000_000n;
    const reserveOut = 2_000_000_000n;
    const quote = amountInForExactOut(10_000_000n, reserveIn, reserveOut, 25);
    expect(quote).not.toBeNull();
    const amountIn = quote?.amountIn ?? 0n;
    expect(
      amountOutForExactIn(amountIn, reserveIn, reserveOut, 25).amountOut,
    ).toBeGreaterThanOrEqual(10_000_000n);
    expect(amountOutForExactIn(amountIn - 1n, reserveIn, reserveOut, 25).amountOut).toBeLessThan(
      10_000_000n,
    );
    expect(amountInForExactOut(reserveOut, reserveIn, reserveOut, 25)).toBeNull();
  });

  it('bounds slippage in both directions and reports price impact as a fraction', () => {
    expect(minimumOut(1_000_000n, 50)).toBe(995_000n);
    expect(maximumIn(1_000_000n, 50)).toBe(1_005_000n);
    const swap = amountOutForExactIn(10_000_000_000n, 100_000_000_000n, 100_000_000_000n, 0);
    expect(priceImpact(swap, 100_000_000_000n, 100_000_000_000n)).toBeCloseTo(1 / 11, 6);
  });
});
