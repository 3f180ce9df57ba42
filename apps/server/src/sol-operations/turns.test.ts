import { describe, expect, it } from 'vitest';
import { createTurns } from './turns';

describe('work taken in turns', () => {
  it('runs at most the given number at once, in the order asked, and goes on after a failure', async () => {
    const inTurn = createTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) => async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 2) throw new Error('two fails');
      return n;
    };
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => inTurn(work(n))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([
      1,
      'failed',
      3,
      4,
      5,
    ]);
  });
});
