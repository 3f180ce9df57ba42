// What every operation of the crash scenario shares: the server as it is after the latest
// restart, the kill loop, and the outcome each operation reports.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPgliteDataDir } from '@fleet/db/testing';
import {
  killHard,
  signIn,
  sleep,
  startServer,
  type Api,
  type RunningServer,
} from './crash-harness';
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
   * `at.killPoint` answers (false: no more kills, nothing is left to interrupt); `at.afterKill`
   * looks at the data directory while no server runs on it, `at.afterRestart` at the operation
   * each time the server is back.
   */
  runWithKills(
    kind: string,
    execute: () => Promise<{ jobId: string; operationId: string }>,
    killShare: number,
    at?: {
      readonly killPoint: (operationId: string) => Promise<boolean>;
      readonly afterKill?: (operationId: string) => Promise<void>;
      readonly afterRestart: (operationId: string) => Promise<void>;
    },
  ): Promise<{
    kills: number;
    seconds: number;
    status: string;
    /** The job's last message: why it failed, when it did. */
    message: string;
    operationId: string;
  }>;
  /** kill -9 without a restart (the scenario's last look at the ledger needs the server gone). */
  stop(): Promise<void>;
  /** kill -9, `read` while no server runs on the data directory, then a restart. */
  whileStopped<T>(read: () => Promise<T>): Promise<T>;
  /** Wallets made through the API, 100 a call. */
  createWallets(count: number): Promise<{ id: string; address: string }[]>;
}

/** How long a job may take to end once the kills are over. */
const JOB_DEADLINE_MS = 10 * 60_000;

export interface CrashSessionOptions {
  /** Longest wait before a kill when the operation names no kill point. */
  readonly maxKillDelayMs: number;
  readonly log: (line: string) => void;
  /** Variables the server gets besides the harness's own, on every start. */
  readonly env?: Readonly<Record<string, string>>;
}

/** `withCrashSession`'s work, for a test file whose cases share one server. */
export interface OpenCrashSession extends CrashSession {
  /** kill -9 the server (if it runs) and remove its data directory. */
  close(): Promise<void>;
}

/**
 * Starts `npm start` on a new data directory (a seeded PGlite cluster: the first start less
 * PGlite's own initdb, ~9.5 s of CPU) and signs in.
 */
export async function openCrashSession(options: CrashSessionOptions): Promise<OpenCrashSession> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-crash-'));
  let server: RunningServer | undefined;
  const close = async () => {
    if (server) await killHard(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedPgliteDataDir(dataDir);
    server = await startServer(dataDir, 0, options.env);
  } catch (error) {
    await close();
    throw error;
  }
  let running: RunningServer = server;
  let api: Api = await signIn(running, dataDir).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const master = (await api<{ public_address: string }>('GET', '/master-wallet')).public_address;
  const restart = async () => {
    running = await startServer(dataDir, 0, options.env);
    server = running;
    api = await signIn(running, dataDir);
  };

  const runWithKills: CrashSession['runWithKills'] = async (kind, execute, killShare, at) => {
    const started = Date.now();
    const { jobId, operationId } = await execute();
    let kills = 0;
    let job = await api<Job>('GET', `/jobs/${jobId}`);
    while (kills < killShare && !job.isDone) {
      if (at) {
        if (!(await at.killPoint(operationId))) break;
      } else await sleep(Math.floor(Math.random() * options.maxKillDelayMs));
      await killHard(running);
      kills += 1;
      options.log(`${kind}: kill -9 #${kills} (job ${job.processedItems}/${job.totalItems})`);
      await at?.afterKill?.(operationId);
      await restart();
      await at?.afterRestart(operationId);
      job = await api<Job>('GET', `/jobs/${jobId}`);
    }
    const deadline = Date.now() + JOB_DEADLINE_MS;
    while (!job.isDone) {
      if (Date.now() > deadline) throw new Error(`${kind}: the job did not finish in 10 min`);
      await sleep(500);
      job = await api<Job>('GET', `/jobs/${jobId}`);
    }
    return {
      kills,
      seconds: (Date.now() - started) / 1000,
      status: job.status,
      message: job.message ?? '',
      operationId,
    };
  };

  return {
    dataDir,
    master,
    server: () => running,
    api: () => api,
    stop: () => killHard(running),
    async whileStopped(read) {
      await killHard(running);
      const found = await read();
      await restart();
      return found;
    },
    close,
    runWithKills,
    async createWallets(count) {
      const wallets: { id: string; address: string }[] = [];
      while (wallets.length < count) {
        const created = await api<{ wallets: { id: string; address: string }[] }>(
          'POST',
          '/create-wallet',
          { count: Math.min(100, count - wallets.length) },
        );
        wallets.push(...created.wallets);
      }
      return wallets;
    },
  };
}

/** A crash session for `run`; the server killed and its directory removed afterwards. */
export async function withCrashSession<T>(
  options: CrashSessionOptions,
  run: (session: CrashSession) => Promise<T>,
): Promise<T> {
  const session = await openCrashSession(options);
  try {
    return await run(session);
  } finally {
    await session.close();
  }
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
  message?: string;
  isDone: boolean;
  processedItems: number;
  totalItems: number;
}
