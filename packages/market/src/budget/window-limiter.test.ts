import { describe, expect, it } from 'vitest';

import { WindowLimiter } from './window-limiter';

describe('a provider’s window budget', () => {
  it('never lets more than the limit into any window of its length, however requests arrive', () => {
    const limiter = new WindowLimiter({ requests: 5, perMs: 1_000 });
    const sent: number[] = [];
    // Requests arrive every 37 ms for 10 s; each waits for the budget.
    let now = 0;
    for (let arrival = 0; arrival < 10_000; arrival += 37) {
      now = Math.max(now, arrival);
      now += limiter.waitMs(now);
      limiter.take(now);
      sent.push(now);
    }
    for (const start of sent)
      expect(sent.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(5);
    expect(sent.length).toBeGreaterThan(45);
  });

  it('says how long until the oldest request leaves the window', () => {
    const limiter = new WindowLimiter({ requests: 2, perMs: 60_000 });
    limiter.take(0);
    limiter.take(10_000);
    expect(limiter.waitMs(20_000)).toBe(40_000);
    expect(limiter.waitMs(60_000)).toBe(0);
  });
});
