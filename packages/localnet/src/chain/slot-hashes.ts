// The SlotHashes sysvar as a validator keeps it: the (slot, hash) of the most recent slots, newest
// first, at most 512. The Address Lookup Table program checks a new table's `recent_slot` against
// it (the table's address derives from authority and slot), and a deactivated table stays usable
// until its deactivation slot leaves it. Each slot's hash is its blockhash.
//
// Two differences from a validator, both following from how the localnet models time:
// - The current slot is included (a validator's bank for slot N holds N-1 and older): the localnet
//   reports its current slot at every commitment, so a slot read from getSlot, even `finalized`,
//   must be usable at once.
// - Every slot up to the current one is a block (block height equals slot), slots skipped by a
//   restart or a clock jump included, so the window is contiguous and derives from the seed and
//   the slot alone: a restarted chain rebuilds the same sysvar and nothing needs persisting.

export const SLOT_HASHES_SYSVAR = 'SysvarS1otHashes111111111111111111111111111';
export const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
/** How many slots the sysvar holds, as on every cluster. */
export const MAX_SLOT_HASHES = 512;
const ENTRY_BYTES = 40; // u64 slot, 32-byte hash
/** The account is always sized for a full sysvar: a u64 count, the entries, then zeroes. */
export const SLOT_HASHES_ACCOUNT_SIZE = 8 + MAX_SLOT_HASHES * ENTRY_BYTES;

/**
 * The sysvar's account data, kept up to date as the slot moves: a move of k slots shifts the
 * window by k entries and computes only the k new hashes.
 */
export class SlotHashes {
  private readonly bytes = new Uint8Array(SLOT_HASHES_ACCOUNT_SIZE);
  private readonly view = new DataView(this.bytes.buffer);
  private newest: bigint | null = null;

  constructor(private readonly hashOf: (slot: bigint) => Uint8Array) {}

  /** Makes `slot` the newest entry; the slot never moves back. */
  advanceTo(slot: bigint): void {
    if (slot < 0n) throw new RangeError(`a slot cannot be negative, got ${slot}`);
    if (this.newest !== null && slot < this.newest) {
      throw new RangeError(`SlotHashes cannot move back from slot ${this.newest} to ${slot}`);
    }
    const max = BigInt(MAX_SLOT_HASHES);
    const moved = this.newest === null ? max : slot - this.newest;
    const added = Number(moved < max ? moved : max);
    this.newest = slot;
    if (added === 0) return;
    const entries = 8; // after the count
    this.bytes.copyWithin(
      entries + added * ENTRY_BYTES,
      entries,
      entries + (MAX_SLOT_HASHES - added) * ENTRY_BYTES,
    );
    for (let i = 0; i < added; i++) {
      const at = entries + i * ENTRY_BYTES;
      const entrySlot = slot - BigInt(i);
      if (entrySlot < 0n) {
        this.bytes.fill(0, at, at + ENTRY_BYTES);
        continue;
      }
      this.view.setBigUint64(at, entrySlot, true);
      this.bytes.set(this.hashOf(entrySlot), at + 8);
    }
    const count = slot + 1n < max ? slot + 1n : max;
    this.view.setBigUint64(0, count, true);
  }

  /** The account data: a copy, so later moves never change what a caller holds. */
  accountData(): Uint8Array {
    return this.bytes.slice();
  }
}
