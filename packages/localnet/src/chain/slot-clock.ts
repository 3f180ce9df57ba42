// Drives the slot: one slot every `slotIntervalMs`, and an early new slot whenever the current one
// has taken `transactionsPerSlot` transactions (a full block). With the clock stopped
// (`slotIntervalMs: 0`) every landed transaction closes its slot, so time still moves in tests.

import type { LocalChain } from './local-chain.js';

export interface SlotClockOptions {
  readonly slotIntervalMs: number;
  readonly transactionsPerSlot: number;
  /** A move the journal could not record (the clock then stays where it was). */
  readonly onError: (error: unknown) => void;
}

export function startSlotClock(chain: LocalChain, options: SlotClockOptions): () => void {
  const perSlot = options.slotIntervalMs > 0 ? options.transactionsPerSlot : 1;
  const advance = (): void => {
    try {
      chain.advanceSlots(1n);
    } catch (error) {
      options.onError(error);
    }
  };
  let inSlot = 0;
  const stopCounting = chain.on('slot', () => {
    inSlot = 0;
  });
  let closing = false;
  const stopLanding = chain.on('transaction', () => {
    inSlot++;
    if (inSlot < perSlot || closing) return;
    // Deferred so that every listener of this landing sees it in its own slot; transactions that
    // land before the deferred close (one HTTP batch) share the slot, like one block.
    closing = true;
    queueMicrotask(() => {
      closing = false;
      advance();
    });
  });
  let ticker: NodeJS.Timeout | null = null;
  if (options.slotIntervalMs > 0) {
    ticker = setInterval(advance, options.slotIntervalMs);
    ticker.unref();
  }
  return () => {
    if (ticker !== null) clearInterval(ticker);
    stopCounting();
    stopLanding();
  };
}
