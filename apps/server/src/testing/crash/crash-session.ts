// What every operation of the crash scenario shares: the server as it is after the latest
// restart, the kill loop, and the outcome each operation reports.

import type { Api, RunningServer } from './crash-harness';
import type { TableChecks } from './table-checks';

export interface OperationOutcome {
  readonly kind: string;
  readonly wallets: number;
  readonly kills: number;
  readonly seconds: number;
  /** Wallets whose balance is not exactly what one payment gives (0 means paid exactly once). */
  readonly wrongBalances: number;
  /** The master's change minus what the plan says it should be (0 means no payment twice). */
  readonly masterDrift: bigint;
  readonly jobStatus: string;
  /** The lookup tables' checks, for the distribution through them. */
  readonly tables?: TableOutcome;
}

/** What an operation of the scenario drives: the server as it is after the latest restart. */
export interface CrashSession {
  readonly dataDir: string;
  readonly master: string;
  server(): RunningServer;
  api(): Api;
  /**
   * Starts the job, then kills the server up to `killShare` times, restarting it each time; then
   * waits for the job to end. Each kill comes after a random wait (`maxKillDelayMs`), or once
   * `at.killPoint` answers (false: no more kills, nothing is left to interrupt); `at.afterRestart`
   * looks at the operation each time the server is back.
   */
  runWithKills(
    kind: string,
    execute: () => Promise<{ jobId: string; operationId: string }>,
    killShare: number,
    at?: {
      readonly killPoint: (operationId: string) => Promise<boolean>;
      readonly afterRestart: (operationId: string) => Promise<void>;
    },
  ): Promise<{ kills: number; seconds: number; status: string; operationId: string }>;
  /** kill -9 without a restart (the scenario's last look at the ledger needs the server gone). */
  stop(): Promise<void>;
}

/** A distribution through new lookup tables: the checks of `table-checks.ts`, and figures. */
export interface TableOutcome extends TableChecks {
  /** Kills after which the restarted server's ledger still had setup steps to finish. */
  readonly killsInSetup: number;
  /** Setup transactions (creates and extensions) the plan signs, and transfers. */
  readonly setupTransactions: number;
  readonly transfers: number;
  /** What the plan said the fees and rent would be, and what the chain charged for what landed. */
  readonly plannedFeeLamports: bigint;
  readonly landedFeeLamports: bigint;
  readonly plannedRentLamports: bigint;
}

export interface Job {
  status: string;
  isDone: boolean;
  processedItems: number;
  totalItems: number;
}
