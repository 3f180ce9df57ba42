// Issue 20 of "Trust": the Final Truth Scan under kill -9 of `npm start`, as
// `crash-scenario.ts` does for money. A fleet whose stored balances and token accounts differ
// from the chain is scanned through the HTTP API; the server is killed at random points of the
// job's progress and started again on the same data directory until the job succeeds. After
// each kill, before the restart, the database is read directly: every wallet stored either as
// the chain has it or as before the scan, whole batches in order, none the checkpoint counts as
// done left unwritten. At the end every wallet is as the chain has it and the report's counts
// are the chain's.

import type { FinalTruthScanProgress, FinalTruthScanResult } from '@fleet/core';
import { countHoldings } from '../../scans/final-truth-report';
import type { CrashSession } from './crash-session';
import { withCrashSession } from './crash-session';
import { ledgerKillPoints } from './ledger-kill-points';
import { checkScanState, type ScanStateChecks } from './scan-checks';
import {
  fleetOnChain,
  importChangedFleet,
  type ScanFleet,
  type WalletHoldings,
} from './scan-fleet';
import { readStoredFleet } from './scan-stored';

export interface FinalTruthCrashOptions {
  readonly wallets: number;
  readonly kills: number;
  /** The server's `FLEET_SCAN_BATCH_SIZE`; its default (500) when not given. */
  readonly batchSize?: number;
  /** Longest wait after a kill point is reached before the kill. */
  readonly maxKillDelayMs: number;
  readonly log: (line: string) => void;
}

/** The store as one kill left it, read before the restart. */
export interface StoreAfterKill extends ScanStateChecks {
  readonly kill: number;
  readonly jobStatus: string;
  /** The checkpoint's next wallet (null: no batch recorded yet). */
  readonly nextIndex: number | null;
}

export interface FinalTruthCrashOutcome {
  readonly wallets: number;
  readonly batchSize: number;
  readonly kills: number;
  readonly seconds: number;
  readonly jobStatus: string;
  readonly jobMessage: string;
  readonly afterKills: readonly StoreAfterKill[];
  /** The store once the job ended (checked against a checkpoint past the last wallet). */
  readonly final: ScanStateChecks;
  /** The report as the progress route answers it at the end. */
  readonly report: FinalTruthScanProgress['report'];
  /** What the report must say, from the chain itself. */
  readonly expected: {
    readonly stats: Omit<FinalTruthScanProgress['stats'], 'rpcCalls' | 'durationMs'>;
    readonly results: readonly FinalTruthScanResult[];
  };
}

/** The server's default, `FINAL_TRUTH_BATCH_SIZE`. */
const DEFAULT_BATCH_SIZE = 500;

export async function runFinalTruthCrash(
  options: FinalTruthCrashOptions,
): Promise<FinalTruthCrashOutcome> {
  return withCrashSession(
    {
      maxKillDelayMs: options.maxKillDelayMs,
      log: options.log,
      env: {
        // Its rounds write the same balances beside the scan: off, so every write seen is the scan's.
        FLEET_BACKGROUND_REFRESH_MS: '0',
        ...(options.batchSize === undefined
          ? {}
          : { FLEET_SCAN_BATCH_SIZE: String(options.batchSize) }),
      },
    },
    (session) => scanUnderKills(session, options),
  );
}

async function scanUnderKills(
  session: CrashSession,
  options: FinalTruthCrashOptions,
): Promise<FinalTruthCrashOutcome> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const fleet = await importChangedFleet(session, options.wallets, options.log);
  const chain = await fleetOnChain(session.server().rpcUrl, fleet);
  const { addresses } = fleet;
  const before = (await session.whileStopped(() => readStoredFleet(session.dataDir, addresses)))
    .wallets;
  options.log(`final-truth: ${before.size} wallets stored before the scan`);

  const job = (jobId: string) =>
    session.api()<{ isDone: boolean; processedItems: number; totalItems: number }>(
      'GET',
      `/jobs/${jobId}`,
    );
  const afterKills: StoreAfterKill[] = [];
  const points = ledgerKillPoints({
    killShare: options.kills,
    maxKillDelayMs: options.maxKillDelayMs,
    // A restarted server scans what is left in seconds: every point before the end.
    reach: 1,
    look: async (jobId) => {
      const now = await job(jobId);
      return { moved: now.processedItems, end: now.totalItems, total: now.totalItems };
    },
    isOpen: async (jobId) => !(await job(jobId)).isDone,
  });
  const run = await session.runWithKills(
    'final-truth',
    async () => {
      const { jobId } = await session.api()<{ jobId: string }>('POST', '/final-truth-scan', {
        publicAddresses: addresses,
      });
      // A scan has no operation of its own: its job stands for one.
      return { jobId, operationId: jobId };
    },
    options.kills,
    {
      killPoint: (jobId) => points.killPoint(jobId),
      afterRestart: (jobId) => points.afterRestart(jobId),
      afterKill: async (jobId) => {
        const stored = await readStoredFleet(session.dataDir, addresses, jobId);
        const checks = checkScanState({
          order: addresses,
          batchSize,
          before,
          chain,
          stored: stored.wallets,
          nextIndex: stored.job?.nextIndex ?? null,
        });
        const found: StoreAfterKill = {
          kill: afterKills.length + 1,
          jobStatus: stored.job?.status ?? 'missing',
          nextIndex: stored.job?.nextIndex ?? null,
          ...checks,
        };
        afterKills.push(found);
        options.log(
          `final-truth: after kill #${found.kill}: checkpoint ${found.nextIndex ?? '-'}, ` +
            `${checks.updated} updated, ${checks.untouched} untouched, ${checks.half} half, ` +
            `${checks.lost} lost, ${checks.splitBatches} split batches`,
        );
      },
    },
  );

  const progress = await session.api()<FinalTruthScanProgress>(
    'GET',
    `/final-truth-scan/progress?jobId=${run.operationId}`,
  );
  await session.stop();
  const stored = await readStoredFleet(session.dataDir, addresses);
  const final = checkScanState({
    order: addresses,
    batchSize,
    before,
    chain,
    stored: stored.wallets,
    nextIndex: addresses.length,
  });
  return {
    wallets: addresses.length,
    batchSize,
    kills: run.kills,
    seconds: run.seconds,
    jobStatus: run.status,
    jobMessage: run.message,
    afterKills,
    final,
    report: progress.report,
    expected: expectedReport(fleet, chain, batchSize),
  };
}

/** What the report says of the chain: each wallet's counts, in order, and their sums. */
function expectedReport(
  fleet: ScanFleet,
  chain: ReadonlyMap<string, WalletHoldings>,
  batchSize: number,
): FinalTruthCrashOutcome['expected'] {
  const results = fleet.addresses.map((address): FinalTruthScanResult => {
    const tokens = [...(chain.get(address)?.accounts ?? new Map<string, bigint>())].map(
      ([account, amount]) => ({ amount, decimals: fleet.decimalsOf.get(account) ?? -1 }),
    );
    return { address, ...countHoldings(tokens), status: 'ok', error: null };
  });
  const sum = (pick: (result: FinalTruthScanResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const splWithBalance = sum((result) => result.splWithBalance);
  const zeroBalanceAccounts = sum((result) => result.zeroBalanceAccounts);
  const nfts = sum((result) => result.nfts);
  return {
    stats: {
      totalWallets: results.length,
      scannedWallets: results.length,
      failedWallets: 0,
      tokenAccounts: splWithBalance + zeroBalanceAccounts + nfts,
      splWithBalance,
      zeroBalanceAccounts,
      nfts,
      batches: Math.ceil(results.length / batchSize),
    },
    results,
  };
}
