import type { ScanReport, WalletScanner } from '@fleet/chain';
import {
  FINAL_TRUTH_SCAN_JOB_KIND,
  emptyFinalTruthScanReport,
  finalTruthScanReportSchema,
  systemClock,
  type Clock,
  type FinalTruthScanReport,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { z } from 'zod';
import type { JobHandler } from '../jobs/job-handler';
import type { ScanActivity } from '../scan-details/scan-activity';
import { foldBatch } from './final-truth-report';
import { scanStoppable } from './stoppable-scan';
import { readBatchWallets, writeBatchBalances } from './final-truth-writes';

/**
 * Wallets per scanner call: large enough that the scanner keeps every endpoint busy (its
 * concurrency works within one call), small enough that a cancel or a crash loses little work.
 */
export const FINAL_TRUTH_BATCH_SIZE = 500;

export const finalTruthScanParamsSchema = z.object({
  /** The wallets to scan, in order; resolved (and checked active) when the scan was started. */
  walletIds: z.array(z.string().uuid()),
});
export type FinalTruthScanParams = z.infer<typeof finalTruthScanParamsSchema>;

/** Where a scan stands: the next wallet's position in `walletIds`, and the report so far. */
export interface FinalTruthCheckpoint {
  readonly nextIndex: number;
  readonly report: FinalTruthScanReport;
}

const checkpointSchema = z.object({
  nextIndex: z.number().int().nonnegative(),
  report: finalTruthScanReportSchema,
});

export interface FinalTruthScanJobDeps {
  readonly db: FleetDatabase;
  readonly scanner: WalletScanner;
  readonly scanActivity?: ScanActivity;
  readonly clock?: Clock;
  readonly batchSize?: number;
}

/**
 * The Final Truth Scan as a job (spec 2 §4): the cold scan (every token account of each owner, new
 * ones included) of the chosen wallets, batch after batch. A batch is read from the chain outside
 * any transaction (the next one's read overlapping this one's write), then written whole in one
 * (`writeBatchBalances`), and only then recorded as done in the job's checkpoint. A cancel or a shutdown stops the batch in flight and drops what it read,
 * so every wallet is either updated or untouched; a restart resumes after the last batch recorded
 * (a batch written but not yet recorded is scanned again, which writes the same truth again).
 */
export function createFinalTruthScanJob(
  deps: FinalTruthScanJobDeps,
): JobHandler<FinalTruthScanParams, FinalTruthCheckpoint> {
  const clock = deps.clock ?? systemClock;
  const now = () => new Date(clock.now());

  return {
    kind: FINAL_TRUTH_SCAN_JOB_KIND,
    params: finalTruthScanParamsSchema,
    async run(params, context) {
      const { walletIds } = params;
      const size = deps.batchSize ?? FINAL_TRUTH_BATCH_SIZE;
      const stored = checkpointSchema.safeParse(context.checkpoint);
      let nextIndex = stored.success ? stored.data.nextIndex : 0;
      let report = stored.success
        ? stored.data.report
        : emptyFinalTruthScanReport(walletIds.length);
      const batches = Math.ceil(walletIds.length / size);
      if (nextIndex === 0) {
        await context.log(
          'info',
          `Final truth scan of ${walletIds.length} wallet(s) in ${batches} batch(es) of up to ${size}`,
        );
      } else {
        await context.log('info', `Resuming at wallet ${nextIndex + 1} of ${walletIds.length}`);
      }
      await context.progress(nextIndex, progressMessage(nextIndex, walletIds.length));

      // Batch n+1 is read from the chain while batch n is written: the endpoints stay busy
      // through the write. Its scan starts only once n's has ended, so each batch's figures are
      // its own; it is recorded only after n's checkpoint, so the order of the writes holds.
      const stopAll = new AbortController();
      // Each batch's scan starts at the pace the last one ended on, not climbing again.
      let pace: number | undefined;
      const prepare = async (from: number): Promise<PreparedBatch> => {
        const ids = walletIds.slice(from, from + size);
        const batch = await withTenant(deps.db, context.tenantId, (tx) =>
          readBatchWallets(tx, ids),
        );
        const startedAt = clock.now();
        // The time the chain was read from: a later refresh's numbers are never replaced.
        const scannedAt = now();
        const addresses = batch.wallets.map((wallet) => wallet.address);
        const scan = scanStoppable(
          { scanActivity: deps.scanActivity, clock },
          context,
          (options) =>
            deps.scanner.scan(addresses, {
              ...options,
              ...(pace === undefined ? {} : { startConcurrency: pace }),
            }),
          stopAll.signal,
        );
        // Awaited later; until then a failure must not count as unhandled.
        scan.catch(() => undefined);
        return { ids, batch, startedAt, scannedAt, scan };
      };
      let next =
        nextIndex < walletIds.length && !(await context.isCancelRequested())
          ? await prepare(nextIndex)
          : null;
      try {
        while (next !== null) {
          const current = next;
          next = null;
          const scan = await current.scan;
          if (scan === null) break;
          pace = scan.stats.concurrency.end;
          const after = nextIndex + current.ids.length;
          if (after < walletIds.length && !context.signal.aborted) next = await prepare(after);
          await deps.scanActivity?.recordScan(context.tenantId, scan);
          // 1. the batch's balances and token accounts, in one transaction
          await withTenant(deps.db, context.tenantId, (tx) =>
            writeBatchBalances(
              tx,
              context.tenantId,
              current.batch.wallets,
              scan,
              current.scannedAt,
            ),
          );
          // 2. then the batch recorded as done, with the report that includes it
          report = foldBatch(report, {
            scan,
            gone: current.batch.gone,
            durationMs: clock.now() - current.startedAt,
          });
          nextIndex = after;
          const failed = scan.failedAddresses.length + current.batch.gone.length;
          await context.log(
            failed > 0 ? 'warn' : 'info',
            `Batch ${report.stats.batches}: ${current.ids.length - failed} wallet(s) scanned` +
              (failed > 0 ? `, ${failed} failed` : '') +
              `, ${scan.stats.tokenAccountsFound} token account(s), ${scan.stats.rpcCalls} RPC call(s)`,
          );
          await context.report(report);
          await context.progress(nextIndex, progressMessage(nextIndex, walletIds.length), {
            nextIndex,
            report,
          });
          if (next !== null && (await context.isCancelRequested())) break;
        }
      } finally {
        // A batch still in flight (cancelled, failed, or shutting down) is dropped whole.
        stopAll.abort();
        await next?.scan.catch(() => null);
      }

      // A shutdown (not a cancel) leaves the job to resume from its checkpoint elsewhere.
      if (context.signal.aborted) return;
      const cancelled = nextIndex < walletIds.length;
      const final = { ...report, done: true };
      await context.report(final);
      await context.log(
        report.errors.length > 0 ? 'warn' : 'info',
        `${cancelled ? 'Cancelled' : 'Finished'}: ${report.stats.scannedWallets} of ${walletIds.length} wallet(s) scanned, ` +
          `${report.stats.tokenAccounts} token account(s), ${report.errors.length} error(s)`,
      );
      if (!cancelled) {
        await context.progress(nextIndex, `Finished: ${nextIndex} of ${walletIds.length} wallets`);
      }
    },
  };
}

interface PreparedBatch {
  readonly ids: readonly string[];
  readonly batch: Awaited<ReturnType<typeof readBatchWallets>>;
  readonly startedAt: number;
  readonly scannedAt: Date;
  readonly scan: Promise<ScanReport | null>;
}

function progressMessage(done: number, total: number): string {
  return done >= total
    ? `Scanned ${done} of ${total} wallets`
    : `Scanning: ${done} of ${total} wallets done`;
}
