import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random';

describe('createSeededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = createSeededRandom(42);
    const b = createSeededRandom(42);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(createSeededRandom(43)()).not.toBe(first[0]);
  });

  it('spreads its values over the interval', () => {
    const next = createSeededRandom(7);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i += 1) {
      const bucket = Math.floor(next() * 10);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    expect(Math.min(...buckets)).toBeGreaterThan(900);
    expect(Math.max(...buckets)).toBeLessThan(1100);
  });
});
