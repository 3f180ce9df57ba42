import { describe, expect, it } from 'vitest';

import { SolUsdDrift } from './sol-usd-drift.js';

describe('the SOL/USD walk', () => {
  it('moves with its clock, stays in bounds and repeats under the same seed', () => {
    let now = 0;
    const a = new SolUsdDrift({
      seed: 's',
      now: () => now,
      start: 150,
      min: 140,
      max: 160,
      stepMs: 1_000,
      volatility: 0.02,
    });
    const b = new SolUsdDrift({
      seed: 's',
      now: () => now,
      start: 150,
      min: 140,
      max: 160,
      stepMs: 1_000,
      volatility: 0.02,
    });
    expect(a.quote().price).toBe(150);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      now += 1_000;
      const price = a.quote().price;
      seen.add(price);
      expect(price).toBeGreaterThanOrEqual(140);
      expect(price).toBeLessThanOrEqual(160);
      expect(b.quote().price).toBe(price);
    }
    expect(seen.size).toBeGreaterThan(400);
    expect(a.quote().updatedAtMs).toBe(now);
  });
});
