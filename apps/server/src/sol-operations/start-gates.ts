import type { LedgerItem, LedgerTransaction } from '@fleet/core';
import type { SetupStep } from './sol-plan-build';

interface Gated {
  readonly tx: LedgerTransaction;
  readonly setupStep: number | null;
}

/**
 * What may start when, in a SOL operation's job: a two-hop's second leg only once its first leg
 * landed (a middleman whose first leg failed holds nothing to forward), and an extension of a new
 * lookup table only once the table's create landed (its address is known from then). Everything
 * else goes to the queue as it comes. The gates are rebuilt from the ledger at every run.
 */
export function createStartGates(input: {
  readonly queue: string[];
  readonly entries: ReadonlyMap<string, Gated>;
  readonly itemsOf: (tx: LedgerTransaction) => readonly LedgerItem[];
  readonly stepOf: (entry: Gated) => SetupStep | undefined;
  readonly confirmedMiddlemen: ReadonlySet<string>;
  readonly failedMiddlemen: ReadonlySet<string>;
}) {
  const { queue, entries, itemsOf, stepOf } = input;
  const waitingSecondLeg = new Map<string, string>();
  const waitingExtensions = new Map<number, string[]>();
  const createdTables = new Set<number>();
  const failedTables = new Set<number>();
  for (const entry of entries.values()) {
    const step = stepOf(entry);
    if (step?.kind !== 'create') continue;
    if (entry.tx.state === 'confirmed') createdTables.add(step.newTable);
    if (entry.tx.state === 'failed') failedTables.add(step.newTable);
  }

  return {
    /** Queues a transaction, or holds it until what it waits for has landed. */
    enqueue(entry: Gated, front = false): void {
      const step = stepOf(entry);
      if (entry.tx.state === 'planned' && step?.kind === 'extend' && 'newTable' in step.table) {
        const table = step.table.newTable;
        if (!createdTables.has(table)) {
          waitingExtensions.set(table, [...(waitingExtensions.get(table) ?? []), entry.tx.id]);
          return;
        }
      }
      const items = itemsOf(entry.tx);
      if (entry.tx.state === 'planned' && items[0]?.leg === 'secondHop') {
        const middleman = items[0].from;
        if (!input.confirmedMiddlemen.has(middleman)) {
          if (!input.failedMiddlemen.has(middleman)) waitingSecondLeg.set(middleman, entry.tx.id);
          return;
        }
      }
      if (front) queue.unshift(entry.tx.id);
      else queue.push(entry.tx.id);
    },

    /** Releases what waited for a transaction that just ended. */
    afterFinal(tx: LedgerTransaction, confirmed: boolean): void {
      for (const item of itemsOf(tx)) {
        if (item.leg !== 'firstHop') continue;
        const second = waitingSecondLeg.get(item.to);
        waitingSecondLeg.delete(item.to);
        if (second !== undefined && confirmed && entries.has(second)) queue.push(second);
      }
      const entry = entries.get(tx.id);
      const step = entry ? stepOf(entry) : undefined;
      if (step?.kind === 'create') {
        (confirmed ? createdTables : failedTables).add(step.newTable);
        if (confirmed) queue.push(...(waitingExtensions.get(step.newTable) ?? []));
        if (confirmed) waitingExtensions.delete(step.newTable);
      }
    },

    /** The extensions of tables whose create landed failed: they can never run. Taken once. */
    takeStranded(): string[] {
      const stranded: string[] = [];
      for (const table of failedTables) {
        stranded.push(...(waitingExtensions.get(table) ?? []));
        waitingExtensions.delete(table);
      }
      return stranded;
    },
  };
}
