import { describe, expect, it } from 'vitest';

import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows a burst of one second of tokens, then says how long to wait', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 10; i++) {
      expect(limiter.peek('k', 10, 1, 0)).toBe(0);
      limiter.take('k', 10, 1, 0);
    }
    expect(limiter.peek('k', 10, 1, 0)).toBe(100);
    expect(limiter.peek('k', 10, 1, 100)).toBe(0);
  });

  it('lets one request through per interval for rates below one per second', () => {
    const limiter = new RateLimiter();
    expect(limiter.peek('slow', 0.5, 1, 0)).toBe(0);
    limiter.take('slow', 0.5, 1, 0);
    expect(limiter.peek('slow', 0.5, 1, 1_000)).toBe(1_000);
    expect(limiter.peek('slow', 0.5, 1, 2_000)).toBe(0);
  });

  it('keeps separate buckets per key', () => {
    const limiter = new RateLimiter();
    limiter.take('a', 1, 1, 0);
    expect(limiter.peek('a', 1, 1, 0)).toBeGreaterThan(0);
    expect(limiter.peek('b', 1, 1, 0)).toBe(0);
  });
});
