// Prioritization fees seen in recent slots, for getRecentPrioritizationFees: per slot the lowest
// compute-unit price that landed, and per writable account the lowest price of the transactions
// that locked it. For a list of accounts a slot reports the block minimum raised to the highest
// of those accounts' minimums, as Agave's prioritization-fee cache does.

interface SlotFees {
  min: bigint;
  readonly byAccount: Map<string, bigint>;
}

export class PrioritizationFees {
  private readonly bySlot = new Map<bigint, SlotFees>();

  record(slot: bigint, unitPrice: bigint, writable: readonly string[]): void {
    let entry = this.bySlot.get(slot);
    if (entry === undefined) {
      entry = { min: unitPrice, byAccount: new Map() };
      this.bySlot.set(slot, entry);
    }
    if (unitPrice < entry.min) entry.min = unitPrice;
    for (const key of writable) {
      const current = entry.byAccount.get(key);
      if (current === undefined || unitPrice < current) entry.byAccount.set(key, unitPrice);
    }
  }

  /** Forgets slots older than `oldestSlot`. */
  prune(oldestSlot: bigint): void {
    for (const slot of this.bySlot.keys()) if (slot < oldestSlot) this.bySlot.delete(slot);
  }

  recent(accounts: readonly string[]): { slot: bigint; prioritizationFee: bigint }[] {
    return [...this.bySlot]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([slot, entry]) => {
        let fee = entry.min;
        for (const account of accounts) {
          const price = entry.byAccount.get(account);
          if (price !== undefined && price > fee) fee = price;
        }
        return { slot, prioritizationFee: fee };
      });
  }
}
