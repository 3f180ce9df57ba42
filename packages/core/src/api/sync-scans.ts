import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { jobStatusSchema } from './jobs';
import { MAX_OPERATION_WALLETS } from './sol-operations';

/**
 * The Tokens Overview's three sync scans (spec 2 §2.4, §3, §4, §7, §8, §9; issue 20), each a
 * durable job on the shared scanner:
 *
 * - **Quick refresh** (`scan.quick-refresh`): every active wallet's SOL and the amounts of the
 *   token accounts already known, re-read at the re-scan cost and written batch by batch.
 * - **Deep scan** (`scan.deep`): a cold scan (new token accounts found too) that writes nothing;
 *   the server keeps what it read, and the operator's Update applies it. The update names the
 *   wallets to apply and never carries balances: the numbers written are those the server read.
 * - **Verify** (`scan.verify`): a cold scan that writes nothing and reports where the stored
 *   numbers differ from the chain.
 */

export const QUICK_REFRESH_JOB_KIND = 'scan.quick-refresh';
export const DEEP_SCAN_JOB_KIND = 'scan.deep';
export const VERIFY_SCAN_JOB_KIND = 'scan.verify';

/** Spec 2 §9: the quick refresh's progress is polled this often. */
export const QUICK_REFRESH_POLL_MS = 1_500;
/** Spec 2 §9: the deep scan's progress is polled this often. */
export const DEEP_SCAN_POLL_MS = 1_000;

/** Log lines a progress answer carries (the newest; the job keeps 400). */
export const SYNC_SCAN_LOG_LINES = 50;

/**
 * Reports list this many wallets one by one; the counts cover them all. The deep scan's update
 * sends the listed wallets back, so this also bounds the update's largest body before halving.
 */
export const MAX_SYNC_SCAN_RESULTS = 10_000;

/** The update's body limit: above it the server answers 413 and the client halves the results. */
export const DEEP_SCAN_UPDATE_BODY_LIMIT_BYTES = 1024 * 1024;

const count = z.number().int().nonnegative();
const jobId = z.string().uuid('Invalid job id');

/** The part of a job every sync scan's progress shows. */
const jobStateShape = {
  jobId: z.string().uuid(),
  status: jobStatusSchema,
  statusMessage: z.string(),
  done: z.boolean(),
  cancelRequested: z.boolean(),
  logs: z.array(z.string()),
};

// ---------------------------------------------------------------------------------------------
// Quick refresh

/** `GET /api/solana/sync-refresh/fetch-tokens`: what a quick refresh will read. */
export const quickRefreshTokensSchema = z.object({
  /** Known token accounts of the active wallets (spec 2 §7's `tokenCount`). */
  tokenCount: count,
  walletCount: count,
});
export type QuickRefreshTokens = z.infer<typeof quickRefreshTokensSchema>;

/** Spec 2 §3's quick refresh report. */
export const quickRefreshReportSchema = z.object({
  walletsScanned: count,
  tokensProcessed: count,
  /** Token accounts whose stored amount changed. */
  tokensUpdated: count,
  rpcFailures: count,
  durationSeconds: z.number().nonnegative(),
  /** Wallets whose SOL balance changed. */
  solUpdated: count,
  totalWallets: count,
});
export type QuickRefreshReport = z.infer<typeof quickRefreshReportSchema>;

export function emptyQuickRefreshReport(totalWallets: number): QuickRefreshReport {
  return {
    walletsScanned: 0,
    tokensProcessed: 0,
    tokensUpdated: 0,
    rpcFailures: 0,
    durationSeconds: 0,
    solUpdated: 0,
    totalWallets,
  };
}

/** `POST /api/solana/sync-refresh` (empty body): the job, and its report as it stands. */
export const quickRefreshStartSchema = z.object({
  success: z.literal(true),
  jobId: z.string().uuid(),
  /** True when a quick refresh was already running and this start joined it. */
  joined: z.boolean(),
  report: quickRefreshReportSchema,
});
export type QuickRefreshStart = z.infer<typeof quickRefreshStartSchema>;

/** `GET /api/solana/sync-refresh-progress?jobId=`. */
export const quickRefreshProgressSchema = z.object({
  progress: z.object({
    ...jobStateShape,
    processedWallets: count,
    totalWallets: count,
    report: quickRefreshReportSchema,
  }),
});
export type QuickRefreshProgress = z.infer<typeof quickRefreshProgressSchema>;

// ---------------------------------------------------------------------------------------------
// Deep scan

/** `GET /api/solana/deep-scan/fetch-wallets`: the active wallets' addresses. */
export const deepScanWalletsSchema = z.object({ wallets: z.array(z.string()) });
export type DeepScanWallets = z.infer<typeof deepScanWalletsSchema>;

/**
 * `POST /api/solana/deep-scan/scan-wallets`. `jobId`, when the client gives one, is the new job's
 * id: a start sent twice (a retry after a lost answer) finds its job instead of scanning twice.
 */
export const deepScanStartRequestSchema = z
  .object({
    publicAddresses: z
      .array(addressTextSchema)
      .min(1, 'No wallet addresses found.')
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`),
    jobId: jobId.optional(),
  })
  .strict();
export type DeepScanStartRequest = z.input<typeof deepScanStartRequestSchema>;

export const deepScanStartSchema = z.object({ jobId: z.string().uuid() });
export type DeepScanStart = z.infer<typeof deepScanStartSchema>;

/** Spec 2 §3: one wallet of the deep scan's `scanResults`. */
export const deepScanResultSchema = z.object({
  addr: z.string(),
  status: z.enum(['ok', 'error']),
  tokensFound: count,
  error: z.string().nullable(),
});
export type DeepScanResult = z.infer<typeof deepScanResultSchema>;

/** Spec 2 §3's deep scan report (counts against what is stored; nothing is written yet). */
export const deepScanReportSchema = z.object({
  walletsScanned: count,
  /** Token accounts on the chain that are not stored. */
  tokensAdded: count,
  /** Stored token accounts whose amount on the chain differs. */
  tokensUpdated: count,
  rpcFailures: count,
  durationSeconds: z.number().nonnegative(),
  aborted: z.boolean(),
  scanResults: z.array(deepScanResultSchema),
});
export type DeepScanReport = z.infer<typeof deepScanReportSchema>;

export function emptyDeepScanReport(): DeepScanReport {
  return {
    walletsScanned: 0,
    tokensAdded: 0,
    tokensUpdated: 0,
    rpcFailures: 0,
    durationSeconds: 0,
    aborted: false,
    scanResults: [],
  };
}

/** `GET /api/solana/deep-scan/progress?jobId=`. */
export const deepScanProgressSchema = z.object({
  ...jobStateShape,
  totalWallets: count,
  scannedWallets: count,
  report: deepScanReportSchema,
});
export type DeepScanProgress = z.infer<typeof deepScanProgressSchema>;

/** `POST /api/solana/deep-scan/abort`. */
export const deepScanAbortSchema = z.object({ jobId }).strict();

/**
 * `POST /api/solana/deep-scan/update-supabase { scanSummary }`: the report plus the scan results
 * to apply, with the scan's job. Only the `ok` results' wallets are written, from what the server
 * read; the other fields are the client's copy of the report and are not trusted for anything.
 */
export const deepScanUpdateRequestSchema = z
  .object({
    scanSummary: deepScanReportSchema.partial().extend({
      jobId,
      scanResults: z.array(deepScanResultSchema).max(MAX_SYNC_SCAN_RESULTS),
    }),
  })
  .strict();
export type DeepScanUpdateRequest = z.infer<typeof deepScanUpdateRequestSchema>;

export const deepScanUpdateDetailsSchema = z.object({
  walletsUpdated: count,
  tokensAdded: count,
  tokensUpdated: count,
  /** Wallets named but not written: failed in the scan, unknown to it, or archived since. */
  walletsSkipped: count,
  /** Wallets whose stored numbers were newer than the scan's (the slot guard kept them). */
  walletsNewerKept: count,
});
export type DeepScanUpdateDetails = z.infer<typeof deepScanUpdateDetailsSchema>;

export const deepScanUpdateResponseSchema = z.object({
  success: z.literal(true),
  details: deepScanUpdateDetailsSchema,
});
export type DeepScanUpdateResponse = z.infer<typeof deepScanUpdateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Verify

/** `POST /api/solana/sync-verify { publicAddresses }` (empty: every active wallet). */
export const syncVerifyRequestSchema = z
  .object({
    publicAddresses: z
      .array(addressTextSchema)
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`)
      .default([]),
  })
  .strict();
export type SyncVerifyRequest = z.input<typeof syncVerifyRequestSchema>;

/** A wallet whose stored numbers differ from the chain's. */
export const verifyMismatchSchema = z.object({
  address: z.string(),
  /** Lamports as decimal text: stored, and on the chain. */
  storedLamports: z.string(),
  chainLamports: z.string(),
  /** Token accounts on the chain not stored, stored but gone, and stored with another amount. */
  missingAccounts: count,
  goneAccounts: count,
  differentAmounts: count,
});
export type VerifyMismatch = z.infer<typeof verifyMismatchSchema>;

/** Spec 2 §3's verify report, with where the store and the chain disagree. */
export const verifyReportSchema = z.object({
  walletsScanned: count,
  tokensFound: count,
  rpcFailures: count,
  durationSeconds: z.number().nonnegative(),
  walletsMatching: count,
  walletsDiffering: count,
  mismatches: z.array(verifyMismatchSchema),
});
export type VerifyReport = z.infer<typeof verifyReportSchema>;

export function emptyVerifyReport(): VerifyReport {
  return {
    walletsScanned: 0,
    tokensFound: 0,
    rpcFailures: 0,
    durationSeconds: 0,
    walletsMatching: 0,
    walletsDiffering: 0,
    mismatches: [],
  };
}

/** The verify answer: its job (kept in the jobs list) and the report. */
export const syncVerifyResponseSchema = z.object({
  jobId: z.string().uuid(),
  report: verifyReportSchema,
});
export type SyncVerifyResponse = z.infer<typeof syncVerifyResponseSchema>;

/** The 409 of a start refused because a scan of the same kind is running: its job, to follow. */
export const syncScanConflictSchema = z.object({
  error: z.string(),
  code: z.literal('SCAN__SYNC_RUNNING'),
  jobId: z.string().uuid(),
});
