// The checks of a Final Truth Scan's stored wallets after a kill -9 (issue 20 of "Trust"): each
// wallet as the chain has it or as it was before the scan, never between; whole batches written,
// in order; nothing the checkpoint counts as done left unwritten. Pure, so a test can feed it a
// broken store and see each count move.

import type { WalletHoldings } from './scan-fleet';

export interface ScanStateChecks {
  /** Wallets stored as the chain has them: lamports and exactly its token accounts and amounts. */
  readonly updated: number;
  /** Wallets stored exactly as before the scan. */
  readonly untouched: number;
  /** Wallets stored as neither: part of what the chain holds written, part not. */
  readonly half: number;
  /** Wallets of the scan no longer stored (or archived). */
  readonly lost: number;
  /**
   * Wallets whose stored state before the scan already was the chain's: the checks cannot tell
   * them updated from untouched, so a scenario keeps this at 0.
   */
  readonly indistinct: number;
  /** Batches (of `batchSize`, in the scan's order) with some wallets updated and some not. */
  readonly splitBatches: number;
  /** Updated wallets after the first one not updated: a batch written out of order. */
  readonly outOfOrder: number;
  /** Wallets before the checkpoint's next index not updated: a batch recorded but lost. */
  readonly behindCheckpoint: number;
  /** Updated wallets at or after the checkpoint: a batch written but not yet recorded. */
  readonly aheadOfCheckpoint: number;
}

/** The checks of a store that broke no rule: each count of a broken rule at zero. */
export const NO_BROKEN_BATCH = {
  half: 0,
  lost: 0,
  indistinct: 0,
  splitBatches: 0,
  outOfOrder: 0,
  behindCheckpoint: 0,
} as const satisfies Partial<ScanStateChecks>;

export function sameHoldings(a: WalletHoldings, b: WalletHoldings): boolean {
  if (a.lamports !== b.lamports || a.accounts.size !== b.accounts.size) return false;
  for (const [account, amount] of a.accounts) {
    if (b.accounts.get(account) !== amount) return false;
  }
  return true;
}

export function checkScanState(input: {
  /** The scan's wallets in the order it was given them. */
  readonly order: readonly string[];
  readonly batchSize: number;
  readonly before: ReadonlyMap<string, WalletHoldings>;
  readonly chain: ReadonlyMap<string, WalletHoldings>;
  readonly stored: ReadonlyMap<string, WalletHoldings>;
  /** The job's checkpoint (null before its first batch is recorded). */
  readonly nextIndex: number | null;
}): ScanStateChecks {
  const { order, before, chain, stored, batchSize } = input;
  const nextIndex = input.nextIndex ?? 0;
  let untouched = 0;
  let half = 0;
  let lost = 0;
  let indistinct = 0;
  const isUpdated = order.map((address) => {
    const now = stored.get(address);
    const was = before.get(address);
    const truth = chain.get(address);
    if (was && truth && sameHoldings(was, truth)) indistinct += 1;
    if (!now) {
      lost += 1;
      return false;
    }
    if (truth && sameHoldings(now, truth)) return true;
    if (was && sameHoldings(now, was)) untouched += 1;
    else half += 1;
    return false;
  });
  const updated = isUpdated.filter(Boolean).length;
  const prefix = isUpdated.indexOf(false) === -1 ? order.length : isUpdated.indexOf(false);
  let splitBatches = 0;
  for (let start = 0; start < order.length; start += batchSize) {
    const batch = isUpdated.slice(start, start + batchSize);
    if (batch.some(Boolean) && !batch.every(Boolean)) splitBatches += 1;
  }
  return {
    updated,
    untouched,
    half,
    lost,
    indistinct,
    splitBatches,
    outOfOrder: updated - prefix,
    behindCheckpoint: isUpdated.slice(0, nextIndex).filter((done) => !done).length,
    aheadOfCheckpoint: isUpdated.slice(nextIndex).filter(Boolean).length,
  };
}
