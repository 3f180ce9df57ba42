import { isFleetError, type Clock } from '@fleet/core';

/** A transaction whose chain calls fail waits this long, doubling, before it is tried again. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * Runs queued transactions `lanes` at a time. The queue is the caller's: a transaction's run may
 * add to it (a re-planned transaction, a second leg whose first landed). A run that fails on what
 * may pass (a chain call no endpoint answered in a 429 storm or an outage, a network or database
 * error) is queued again at the front after a wait that doubles with consecutive failures; a
 * Fleet error of Fleet's own making (a key the vault cannot open) ends the drain, with nothing
 * sent for that transaction. Every step is read back from the ledger, so a retry is safe.
 */
export function createLanes(options: {
  readonly lanes: number;
  readonly queue: string[];
  readonly run: (id: string) => Promise<void>;
  /** Asked before a queued transaction starts; true drops it (after Cancel, say). */
  readonly skip: (id: string) => boolean;
  /** Called between starts: progress, the cancel flag. */
  readonly settle: () => Promise<void>;
  readonly onRetry: (error: unknown, id: string, waitMs: number) => Promise<void>;
  readonly clock: Pick<Clock, 'sleep'>;
  readonly signal: AbortSignal;
}) {
  const { lanes, queue, clock, signal } = options;
  const active = new Map<string, Promise<void>>();
  let failures = 0;

  const start = (id: string) => {
    const promise = options
      .run(id)
      .then(() => {
        failures = 0;
      })
      .catch(async (error: unknown) => {
        if (signal.aborted) throw error;
        if (isFleetError(error) && !error.code.startsWith('RPC__')) throw error;
        failures += 1;
        const waitMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures, 10));
        await options.onRetry(error, id, waitMs);
        await clock.sleep(waitMs, signal);
        queue.unshift(id);
      })
      .finally(() => active.delete(id));
    active.set(id, promise);
  };

  return {
    /**
     * Runs first every queued transaction in `reconcileFirst` (those that may have been sent, asked
     * about before anything new is signed), then the rest, until nothing is queued or running.
     */
    drain: async (reconcileFirst: ReadonlySet<string>): Promise<void> => {
      for (const id of [...queue]) {
        if (!reconcileFirst.has(id)) continue;
        queue.splice(queue.indexOf(id), 1);
        start(id);
        while (active.size >= lanes) await Promise.race(active.values());
      }
      await Promise.all(active.values());
      for (;;) {
        signal.throwIfAborted();
        await options.settle();
        while (active.size < lanes && queue.length > 0) {
          const id = queue.shift() as string;
          if (!options.skip(id)) start(id);
        }
        if (active.size === 0) break;
        await Promise.race(active.values());
      }
    },
  };
}

/** Enough transactions in flight to keep the pool's send budget busy while each awaits its status. */
export function lanesForBudget(sendsPerSecond: number | null): number {
  if (sendsPerSecond === null) return 16;
  return Math.max(4, Math.min(128, Math.ceil(sendsPerSecond * 3)));
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
