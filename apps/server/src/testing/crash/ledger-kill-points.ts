// Kills placed on an operation's ledger rather than on the clock: each waits until the operation
// has moved a random number of steps further, then a random wait. A job whose transactions all go
// out within a second would otherwise finish between two random kills; on its ledger every kill
// lands while something is still open, however fast the chain is.

import { sleep } from './crash-harness';

/** How far an operation is, in steps of one unit (transactions, or items). */
export interface LedgerProgress {
  /** Steps past their first state (transactions past `planned`, items past `pending`): only grows. */
  readonly moved: number;
  /** Where this stretch of kills ends: the last step, or the end of a phase (a table setup). */
  readonly end: number;
  /** Steps in all. */
  readonly total: number;
}

export interface LedgerTransactionView {
  readonly state: string;
  readonly signature: string | null;
  readonly itemIds: readonly string[];
}

export interface LedgerView {
  readonly transactions: readonly LedgerTransactionView[];
}

/** How often the ledger is read while waiting for a kill point, and for how long at most. */
const POLL_MS = 100;
const MAX_POLLS = 1_200;

const OPEN_STATES = ['planned', 'signed', 'sent'];

/** Transactions past `planned`: the ledger's progress, which only grows. */
export const movedOf = (detail: LedgerView): number =>
  detail.transactions.filter((tx) => tx.state !== 'planned').length;

/** Whether a transaction is still planned or on its way. */
export const isOpen = (detail: LedgerView): boolean =>
  detail.transactions.some((tx) => OPEN_STATES.includes(tx.state));

/**
 * The `at` of `runWithKills`: the points spread over what is left up to `end`, evenly for the
 * kills left on average; none once nothing is open. `look` is read every 100 ms while waiting
 * (keep it cheap); `isOpen` is asked once before a kill point is chosen and once just before the
 * kill. `afterRestart` hears each time the server is back.
 */
export function ledgerKillPoints(options: {
  readonly killShare: number;
  /** Longest wait after a kill point is reached before the kill. */
  readonly maxKillDelayMs: number;
  /**
   * How far a point may fall, in shares of what is left per kill left: 2 (the default) centres
   * the points on an even spread, the last kill's beyond the end half the time; 1 keeps every
   * point before the end, for a job that would otherwise often end before its last kill.
   */
  readonly reach?: number;
  readonly look: (operationId: string) => Promise<LedgerProgress>;
  readonly isOpen: (operationId: string) => Promise<boolean>;
  readonly afterRestart?: (operationId: string, kills: number) => Promise<void>;
}) {
  let kills = 0;
  let inFlight = 0;
  return {
    async killPoint(operationId: string): Promise<boolean> {
      if (!(await options.isOpen(operationId))) return false;
      const start = await options.look(operationId);
      const span = Math.ceil(
        ((options.reach ?? 2) * Math.max(1, start.end - start.moved)) /
          Math.max(1, options.killShare - kills),
      );
      const target = start.moved + Math.floor(Math.random() * span);
      for (let poll = 0; poll < MAX_POLLS; poll++) {
        const now = await options.look(operationId);
        if (now.moved >= target || now.moved === now.total) break;
        await sleep(POLL_MS);
      }
      await sleep(Math.floor(Math.random() * options.maxKillDelayMs));
      // The ledger a moment before the kill: was anything still on its way?
      if (await options.isOpen(operationId)) inFlight += 1;
      return true;
    },
    async afterRestart(operationId: string): Promise<void> {
      kills += 1;
      await options.afterRestart?.(operationId, kills);
    },
    /**
     * Kills whose last look at the ledger, just before, found a transaction still planned,
     * signed or sent: kills that interrupted the operation rather than followed its end.
     */
    killsInFlight: () => inFlight,
  };
}
