// Time and chance as services see them. Injected, so expiry, back-off, cool-downs and rebroadcast
// are tested by moving a clock forward instead of sleeping, and jitter by fixing the dice.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `run` after `ms`; the function returned cancels it. */
  schedule(run: () => void, ms: number): () => void;
  /** Resolves after `ms`; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A number in [0, 1), like `Math.random`. */
export type Random = () => number;

export const systemRandom: Random = () => Math.random();

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  sleep: (ms, signal) => sleepOn(systemClock, ms, signal),
};

/** A clock that moves only when a test says so. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in time order. */
  advance(ms: number): void;
  /** Timers not yet run. */
  pending(): number;
}

export function createManualClock(start = 0): ManualClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { readonly at: number; readonly run: () => void }>();

  const clock: ManualClock = {
    now: () => now,
    schedule(run, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return () => timers.delete(id);
    },
    sleep: (ms, signal) => sleepOn(clock, ms, signal),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        // Earliest first; among equals, the one scheduled first (Map keeps insertion order).
        let due: [number, { at: number; run: () => void }] | undefined;
        for (const entry of timers)
          if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
        if (due === undefined) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
      }
      now = until;
    },
    pending: () => timers.size,
  };
  return clock;
}

function sleepOn(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      cancel();
      reject(signal?.reason as Error);
    };
    const cancel = clock.schedule(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
