import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { jobStatusSchema } from './jobs';
import { MAX_OPERATION_WALLETS } from './sol-operations';

/**
 * The Final Truth Scan (spec 2 §2.3, §2.4, §4, §7, §8): a cold scan of all or the selected active
 * wallets run as a durable job. It finds token accounts nobody knew of (2 RPC calls a wallet, the
 * scanner's floor), and writes each batch's SOL and token accounts in one transaction, so a
 * cancelled or interrupted scan leaves every wallet either updated or untouched.
 */

/** The job kind (`jobs.kind`). */
export const FINAL_TRUTH_SCAN_JOB_KIND = 'scan.final-truth';

/** Spec 2 §9: the progress is polled this often until it is done. */
export const FINAL_TRUTH_SCAN_POLL_MS = 2_000;

/** Spec 2 §8: the finished toast stays this long. */
export const FINAL_TRUTH_SCAN_TOAST_MS = 7_000;

/** The dialog shows the newest lines of the job's log (the job keeps 400). */
export const FINAL_TRUTH_SCAN_DIALOG_LOG_LINES = 50;

/**
 * The report lists this many wallets one by one (every error is listed within the same bound);
 * `stats` counts them all. A 100,000-wallet report rewritten after every batch would cost more
 * than the table it feeds is worth.
 */
export const MAX_FINAL_TRUTH_SCAN_RESULTS = 10_000;

/** `POST /api/final-truth-scan`: spec 2 §7's `publicAddresses`; empty means every active wallet. */
export const finalTruthScanRequestSchema = z
  .object({
    publicAddresses: z
      .array(addressTextSchema)
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`)
      .default([]),
  })
  .strict();
export type FinalTruthScanRequest = z.input<typeof finalTruthScanRequestSchema>;

/** The start's answer: the job to follow. */
export const finalTruthScanStartSchema = z.object({ jobId: z.string().uuid() });
export type FinalTruthScanStart = z.infer<typeof finalTruthScanStartSchema>;

/**
 * The 409 of a start refused because a scan of some of the same wallets is queued or running:
 * the error body plus that scan's job, for the page to join it.
 */
export const finalTruthScanConflictSchema = z.object({
  error: z.string(),
  code: z.literal('SCAN__FINAL_TRUTH_RUNNING'),
  jobId: z.string().uuid(),
});

/** `POST /api/final-truth-scan/abort`. */
export const finalTruthScanAbortSchema = z
  .object({ jobId: z.string().uuid('Invalid job id') })
  .strict();

/**
 * Spec 2 §7's result of one wallet: token accounts with a balance (SPL), empty ones, and NFTs
 * (decimals 0, balance 1, counted apart from the SPL ones); `error` says why a wallet failed.
 */
export const finalTruthScanResultSchema = z.object({
  address: z.string(),
  splWithBalance: z.number().int().nonnegative(),
  zeroBalanceAccounts: z.number().int().nonnegative(),
  nfts: z.number().int().nonnegative(),
  status: z.enum(['ok', 'error']),
  error: z.string().nullable(),
});
export type FinalTruthScanResult = z.infer<typeof finalTruthScanResultSchema>;

export const finalTruthScanErrorSchema = z.object({ address: z.string(), message: z.string() });

/** Running figures of the whole scan. */
export const finalTruthScanStatsSchema = z.object({
  totalWallets: z.number().int().nonnegative(),
  scannedWallets: z.number().int().nonnegative(),
  failedWallets: z.number().int().nonnegative(),
  tokenAccounts: z.number().int().nonnegative(),
  splWithBalance: z.number().int().nonnegative(),
  zeroBalanceAccounts: z.number().int().nonnegative(),
  nfts: z.number().int().nonnegative(),
  /** Batches written (each in one transaction). */
  batches: z.number().int().nonnegative(),
  rpcCalls: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
});
export type FinalTruthScanStats = z.infer<typeof finalTruthScanStatsSchema>;

/** The job's `report`: spec 2 §7's `errors` and `results`, with the stats and whether it ended. */
export const finalTruthScanReportSchema = z.object({
  errors: z.array(finalTruthScanErrorSchema),
  results: z.array(finalTruthScanResultSchema),
  stats: finalTruthScanStatsSchema,
  done: z.boolean(),
});
export type FinalTruthScanReport = z.infer<typeof finalTruthScanReportSchema>;

/** `GET /api/final-truth-scan/progress?jobId=`: spec 2 §7's progress. */
export const finalTruthScanProgressSchema = z.object({
  jobId: z.string().uuid(),
  status: jobStatusSchema,
  statusMessage: z.string(),
  processedItems: z.number().int().nonnegative(),
  totalItems: z.number().int().nonnegative(),
  logMessages: z.array(z.string()),
  isDone: z.boolean(),
  cancelRequested: z.boolean(),
  stats: finalTruthScanStatsSchema,
  report: finalTruthScanReportSchema,
});
export type FinalTruthScanProgress = z.infer<typeof finalTruthScanProgressSchema>;

/** A report before the job wrote one: every count zero. */
export function emptyFinalTruthScanReport(totalWallets: number): FinalTruthScanReport {
  return {
    errors: [],
    results: [],
    stats: {
      totalWallets,
      scannedWallets: 0,
      failedWallets: 0,
      tokenAccounts: 0,
      splWithBalance: 0,
      zeroBalanceAccounts: 0,
      nfts: 0,
      batches: 0,
      rpcCalls: 0,
      durationMs: 0,
    },
    done: false,
  };
}

/**
 * Spec 2 §8: 'Final Truth Scan Finished', a warning when the report has errors (or the scan did
 * not run to its end), a success otherwise; shown 7 s.
 */
export function finalTruthScanFinishedToast(
  progress: Pick<FinalTruthScanProgress, 'status' | 'report'>,
): {
  readonly title: string;
  readonly description: string;
  readonly tone: 'warning' | 'success';
  readonly durationMs: number;
} {
  const { stats, errors } = progress.report;
  const ended =
    progress.status === 'succeeded'
      ? ''
      : progress.status === 'cancelled'
        ? ' (cancelled)'
        : ` (${progress.status})`;
  const count = (n: number) => n.toLocaleString('en-US');
  return {
    title: 'Final Truth Scan Finished',
    description:
      `${count(stats.scannedWallets)}/${count(stats.totalWallets)} wallets scanned, ` +
      `${count(stats.tokenAccounts)} token accounts, ${count(errors.length)} error(s)${ended}`,
    tone: errors.length > 0 || progress.status !== 'succeeded' ? 'warning' : 'success',
    durationMs: FINAL_TRUTH_SCAN_TOAST_MS,
  };
}
