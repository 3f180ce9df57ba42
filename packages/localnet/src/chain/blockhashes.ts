// One blockhash per slot, derived from a per-chain seed so that a restarted chain can recognise
// the hashes it handed out before. A blockhash is valid for 150 slots after its own, like mainnet.

import { createHash } from 'node:crypto';

import { encodeBase58 } from '../codec/base58.js';

export const MAX_PROCESSING_AGE = 150n;

/** The 32 bytes of a slot's blockhash (also its hash in the SlotHashes sysvar). */
export function blockhashBytes(seed: string, slot: bigint): Uint8Array {
  return createHash('sha256').update(seed).update(slot.toString()).digest();
}

export class Blockhashes {
  private readonly slotOf = new Map<string, bigint>();
  private readonly hashOf = new Map<bigint, string>();

  constructor(private readonly seed: string) {}

  hashForSlot(slot: bigint): string {
    let hash = this.hashOf.get(slot);
    if (hash === undefined) {
      hash = encodeBase58(blockhashBytes(this.seed, slot));
      this.hashOf.set(slot, hash);
      this.slotOf.set(hash, slot);
    }
    return hash;
  }

  /** Registers the hashes of the window ending at `slot` and forgets older ones. */
  advanceTo(slot: bigint): void {
    const oldest = slot > MAX_PROCESSING_AGE * 2n ? slot - MAX_PROCESSING_AGE * 2n : 0n;
    for (let s = slot > MAX_PROCESSING_AGE ? slot - MAX_PROCESSING_AGE : 0n; s <= slot; s++)
      this.hashForSlot(s);
    for (const [s, hash] of this.hashOf) {
      if (s < oldest) {
        this.hashOf.delete(s);
        this.slotOf.delete(hash);
      }
    }
  }

  /** The slot a still-valid blockhash was issued in, or undefined when unknown or expired. */
  validSlot(hash: string, currentSlot: bigint): bigint | undefined {
    const slot = this.slotOf.get(hash);
    if (slot === undefined || currentSlot - slot > MAX_PROCESSING_AGE) return undefined;
    return slot;
  }
}
