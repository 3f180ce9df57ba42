import { describe, expect, it } from 'vitest';

import { createManualClock, systemClock } from './clock';

describe('the manual clock', () => {
  it('runs timers that fall due in time order, each seeing its own time', () => {
    const clock = createManualClock(1_000);
    const seen: string[] = [];
    clock.schedule(() => seen.push(`b@${clock.now()}`), 200);
    clock.schedule(() => seen.push(`a@${clock.now()}`), 100);
    clock.schedule(() => seen.push(`c@${clock.now()}`), 200);
    clock.advance(150);
    expect(seen).toEqual(['a@1100']);
    expect(clock.now()).toBe(1_150);
    clock.advance(50);
    expect(seen).toEqual(['a@1100', 'b@1200', 'c@1200']);
    expect(clock.pending()).toBe(0);
  });

  it('runs a timer scheduled by a timer when it too falls due', () => {
    const clock = createManualClock();
    const seen: number[] = [];
    clock.schedule(() => {
      seen.push(clock.now());
      clock.schedule(() => seen.push(clock.now()), 10);
    }, 10);
    clock.advance(25);
    expect(seen).toEqual([10, 20]);
  });

  it('cancels a timer', () => {
    const clock = createManualClock();
    let ran = false;
    const cancel = clock.schedule(() => (ran = true), 5);
    cancel();
    clock.advance(10);
    expect(ran).toBe(false);
  });

  it('sleeps until advanced, and stops a sleep whose signal aborts', async () => {
    const clock = createManualClock();
    let woke = false;
    const sleeping = clock.sleep(1_000).then(() => (woke = true));
    clock.advance(999);
    await Promise.resolve();
    expect(woke).toBe(false);
    clock.advance(1);
    await sleeping;
    expect(woke).toBe(true);

    const controller = new AbortController();
    const cut = clock.sleep(1_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(cut).rejects.toThrow('cancelled');
    expect(clock.pending()).toBe(0);
  });
});

describe('the system clock', () => {
  it('refuses a sleep whose signal has already aborted', async () => {
    await expect(systemClock.sleep(10, AbortSignal.abort(new Error('gone')))).rejects.toThrow(
      'gone',
    );
  });
});
