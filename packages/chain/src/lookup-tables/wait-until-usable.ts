import { FleetError, systemClock, type Clock } from '@fleet/core';
import type { GetSlotApi, Rpc } from '@solana/kit';

export interface WaitUntilUsableOptions {
  readonly clock?: Clock;
  /** Between slot reads; default 200 ms (half a slot on mainnet). */
  readonly pollMs?: number;
  /** Give up after this long; default 10 s (25 slots). */
  readonly maxWaitMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * Waits until a v0 transaction may load the addresses of a table extended in `lastExtendedSlot`:
 * the runtime serves an extension from the next slot on, and a transaction sent earlier fails
 * with an invalid lookup index. Reads the slot (at `confirmed`, so a processed slot a fork may
 * drop does not count) until it passes; bounded, and throws `LOOKUP_TABLE__NOT_USABLE`.
 */
export async function waitUntilUsable(
  rpc: Rpc<GetSlotApi>,
  table: { readonly tableAddress: string; readonly lastExtendedSlot: bigint },
  options: WaitUntilUsableOptions = {},
): Promise<bigint> {
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 200;
  const deadline = clock.now() + (options.maxWaitMs ?? 10_000);
  for (;;) {
    const slot = await rpc.getSlot({ commitment: 'confirmed' }).send();
    if (slot > table.lastExtendedSlot) return slot;
    if (clock.now() + pollMs > deadline) {
      throw new FleetError('LOOKUP_TABLE__NOT_USABLE', {
        tableAddress: table.tableAddress,
        lastExtendedSlot: table.lastExtendedSlot.toString(),
        slot: slot.toString(),
      });
    }
    await clock.sleep(pollMs, options.signal);
  }
}
