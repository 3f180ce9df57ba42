// Kills placed on an operation's ledger rather than on the clock: each waits until a random
// number of the operation's transactions have left `planned`, then a random wait. A job whose
// transactions all go out within a second would otherwise finish between two random kills; on
// its ledger every kill lands while something is still open, however fast the chain is.

import { sleep } from './crash-harness';
import type { CrashSession } from './crash-session';

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

/**
 * The `at` of `runWithKills`: the points spread over what is left to send (up to `phaseEnd`,
 * which a table distribution sets to its setup while the setup is unfinished), evenly for the
 * kills left on average; none once nothing is open. `afterRestart` hears the ledger each time
 * the server is back.
 */
export function ledgerKillPoints<Detail extends LedgerView>(
  session: CrashSession,
  options: {
    readonly killShare: number;
    /** Longest wait after a kill point is reached before the kill. */
    readonly maxKillDelayMs: number;
    readonly phaseEnd?: (detail: Detail) => number;
    readonly afterRestart?: (detail: Detail, kills: number) => void;
  },
) {
  const operation = (id: string) => session.api()<Detail>('GET', `/operations/${id}`);
  let kills = 0;
  let inFlight = 0;
  return {
    async killPoint(operationId: string): Promise<boolean> {
      const start = await operation(operationId);
      const from = movedOf(start);
      if (!start.transactions.some((tx) => OPEN_STATES.includes(tx.state))) return false;
      const end = options.phaseEnd?.(start) ?? start.transactions.length;
      const span = Math.ceil(
        (2 * Math.max(1, end - from)) / Math.max(1, options.killShare - kills),
      );
      const target = from + Math.floor(Math.random() * span);
      for (let poll = 0; poll < MAX_POLLS; poll++) {
        const now = await operation(operationId);
        if (movedOf(now) >= target || movedOf(now) === now.transactions.length) break;
        await sleep(POLL_MS);
      }
      await sleep(Math.floor(Math.random() * options.maxKillDelayMs));
      // The ledger a moment before the kill: was anything still on its way?
      const last = await operation(operationId);
      if (last.transactions.some((tx) => OPEN_STATES.includes(tx.state))) inFlight += 1;
      return true;
    },
    /**
     * Kills whose last look at the ledger, just before, found a transaction still planned,
     * signed or sent: kills that interrupted the operation rather than followed its end.
     */
    killsInFlight: () => inFlight,
    async afterRestart(operationId: string): Promise<void> {
      kills += 1;
      options.afterRestart?.(await operation(operationId), kills);
    },
  };
}
