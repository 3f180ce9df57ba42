import type { WalletScanner } from '@fleet/chain';
import { systemClock, type Clock } from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { z } from 'zod';
import type { JobHandler } from '../jobs/job-handler';
import type { ScanActivity } from '../scan-details/scan-activity';
import { scanStoppable } from '../scans/stoppable-scan';
import { readHeldWallets } from './stored-holdings';
import type { SyncBatch } from './sync-reports';

/**
 * Wallets per scanner call: enough for the scanner to keep every endpoint busy, few enough that
 * a cancel or a crash loses little work.
 */
export const SYNC_SCAN_BATCH_SIZE = 500;

export const syncScanParamsSchema = z.object({
  /** The wallets to scan, in order; resolved (and checked active) when the scan was started. */
  walletIds: z.array(z.string().uuid()),
});
export type SyncScanParams = z.infer<typeof syncScanParamsSchema>;

export interface SyncScanCheckpoint<Report> {
  readonly nextIndex: number;
  readonly report: Report;
}

export interface BatchedScanJobDeps {
  readonly db: FleetDatabase;
  readonly scanner: WalletScanner;
  readonly scanActivity?: ScanActivity;
  readonly clock?: Clock;
  readonly batchSize?: number;
}

/** What makes one sync scan kind: how it reads, what it keeps, and how its report grows. */
export interface BatchedScanKind<Report> {
  readonly kind: string;
  readonly title: string;
  readonly read: SyncBatch['read'];
  readonly reportSchema: z.ZodType<Report>;
  emptyReport(totalWallets: number): Report;
  fold(report: Report, batch: SyncBatch): Report;
  /**
   * What the batch changes, in one tenant transaction with nothing else: all of it or none, so a
   * crash or a cancel leaves every wallet of the batch either written or untouched.
   */
  apply?(
    tx: TenantDatabase,
    context: { readonly tenantId: string; readonly jobId: string; readonly scannedAt: Date },
    batch: SyncBatch,
  ): Promise<void>;
  /** The report as the job ends; `cancelled` when wallets were left unscanned. */
  finish?(report: Report, cancelled: boolean): Report;
}

/**
 * A sync scan as a durable job, batch after batch: the batch's stored numbers read in a short
 * transaction, the chain read outside one, what the batch changes written in one more, and only
 * then the batch recorded as done in the checkpoint with the report that includes it. A cancel or
 * a shutdown drops the batch in flight whole; a restart resumes after the last batch recorded (a
 * batch written but not recorded is read again, which writes the same truth again).
 */
export function createBatchedScanJob<Report>(
  deps: BatchedScanJobDeps,
  scanKind: BatchedScanKind<Report>,
): JobHandler<SyncScanParams, SyncScanCheckpoint<Report>> {
  const clock = deps.clock ?? systemClock;
  const checkpointSchema = z.object({
    nextIndex: z.number().int().nonnegative(),
    report: scanKind.reportSchema,
  });

  return {
    kind: scanKind.kind,
    params: syncScanParamsSchema,
    async run({ walletIds }, context) {
      const size = deps.batchSize ?? SYNC_SCAN_BATCH_SIZE;
      const stored = checkpointSchema.safeParse(context.checkpoint);
      let nextIndex = stored.success ? stored.data.nextIndex : 0;
      let report = stored.success ? stored.data.report : scanKind.emptyReport(walletIds.length);
      const total = walletIds.length;
      await context.log(
        'info',
        nextIndex === 0
          ? `${scanKind.title} of ${total} wallet(s) in ${Math.ceil(total / size)} batch(es) of up to ${size}`
          : `Resuming at wallet ${nextIndex + 1} of ${total}`,
      );
      await context.progress(nextIndex, progressMessage(nextIndex, total));

      // Each batch's scan starts at the pace the last one ended on, not climbing again.
      let pace: number | undefined;
      while (nextIndex < total && !(await context.isCancelRequested())) {
        const ids = walletIds.slice(nextIndex, nextIndex + size);
        const held = await withTenant(deps.db, context.tenantId, (tx) => readHeldWallets(tx, ids));
        const startedAt = clock.now();
        // The time the chain was read from: a later read's numbers are never replaced.
        const scannedAt = new Date(startedAt);
        const addresses = held.wallets.map((wallet) => wallet.address);
        const paced = pace === undefined ? {} : { startConcurrency: pace };
        const scan = await scanStoppable(
          { scanActivity: deps.scanActivity, clock },
          context,
          (options) =>
            scanKind.read === 'cold'
              ? deps.scanner.scan(addresses, { ...options, ...paced })
              : deps.scanner.rescan(
                  held.wallets.map((wallet) => ({
                    owner: wallet.address,
                    tokenAccounts: [...wallet.holdings.accounts.keys()],
                  })),
                  { ...options, ...paced },
                ),
        );
        if (scan === null) break;
        pace = scan.stats.concurrency.end;
        await deps.scanActivity?.recordScan(context.tenantId, scan);
        const batch: SyncBatch = {
          wallets: held.wallets,
          gone: held.gone,
          scan,
          read: scanKind.read,
          durationMs: clock.now() - startedAt,
        };
        // 1. what the batch changes, in one transaction
        if (scanKind.apply) {
          const apply = scanKind.apply.bind(scanKind);
          await withTenant(deps.db, context.tenantId, (tx) =>
            apply(tx, { tenantId: context.tenantId, jobId: context.jobId, scannedAt }, batch),
          );
        }
        // 2. then the batch recorded as done, with the report that includes it
        report = scanKind.fold(report, batch);
        nextIndex += ids.length;
        const failed = scan.failedAddresses.length + held.gone.length;
        await context.log(
          failed > 0 ? 'warn' : 'info',
          `Batch of ${ids.length}: ${ids.length - failed} wallet(s) read` +
            (failed > 0 ? `, ${failed} failed` : '') +
            `, ${scan.stats.tokenAccountsFound} token account(s), ${scan.stats.rpcCalls} RPC call(s)`,
        );
        await context.report(report);
        await context.progress(nextIndex, progressMessage(nextIndex, total), { nextIndex, report });
      }

      // A shutdown (not a cancel) leaves the job to resume from its checkpoint elsewhere.
      if (context.signal.aborted) return;
      const cancelled = nextIndex < total;
      const final = scanKind.finish ? scanKind.finish(report, cancelled) : report;
      await context.report(final);
      await context.log(
        'info',
        `${cancelled ? 'Cancelled' : 'Finished'}: ${nextIndex} of ${total} wallet(s) read`,
      );
      if (!cancelled)
        await context.progress(nextIndex, `Finished: ${nextIndex} of ${total} wallets`);
    },
  };
}

function progressMessage(done: number, total: number): string {
  return done >= total
    ? `Scanned ${done} of ${total} wallets`
    : `Scanning: ${done} of ${total} wallets done`;
}
