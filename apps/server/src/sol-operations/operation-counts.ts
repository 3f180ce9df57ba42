import type { LedgerItem, SolOperationReport, TransactionState } from '@fleet/core';

/**
 * What a SOL operation's job counts as its transactions end (spec 2 §4's phases, spec 3 §4's
 * forwarded/failed/pending): wallets paid or failed, and for a two-hop which middlemen hold money
 * to forward. Counted from the ledger at the start of every run, so a resumed job reports the same.
 */
export function createOperationCounts(
  items: readonly LedgerItem[],
  operationId: string,
  endpoint: string | null,
) {
  const counts = { succeeded: 0, failed: 0, forwarded: 0 };
  const wallets = items.filter((item) => item.leg !== 'firstHop').length;
  const confirmedMiddlemen = new Set<string>();
  const failedMiddlemen = new Set<string>();

  /** Counts the items of a transaction that reached `state` (only final states count). */
  const countFinal = (paid: readonly LedgerItem[], state: TransactionState) => {
    for (const item of paid) {
      if (item.leg === 'firstHop') {
        if (state === 'confirmed') {
          confirmedMiddlemen.add(item.to);
          counts.forwarded += 1;
        } else if (state === 'failed') {
          failedMiddlemen.add(item.to);
          counts.failed += 1;
        }
      } else if (state === 'confirmed') {
        counts.succeeded += 1;
        if (item.leg === 'secondHop') counts.forwarded -= 1;
      } else if (state === 'failed') {
        counts.failed += 1;
        if (item.leg === 'secondHop') counts.forwarded -= 1;
      }
    }
  };

  const report = (phase: SolOperationReport['phase']): SolOperationReport => ({
    operationId,
    phase,
    endpoint,
    wallets,
    succeeded: counts.succeeded,
    failed: counts.failed,
    forwarded: Math.max(0, counts.forwarded),
    pending: Math.max(0, wallets - counts.succeeded - counts.failed),
  });

  return {
    wallets,
    confirmedMiddlemen,
    failedMiddlemen,
    countFinal,
    report,
    processed: () => counts.succeeded + counts.failed,
  };
}
