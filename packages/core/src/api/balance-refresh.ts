import { z } from 'zod';

/**
 * `GET /api/scan-sol-balances` (spec 2 §7): re-scans the fleet's SOL balances and known token
 * accounts and stores them. `traderOnly=true` limits it to trader wallets.
 */
export const scanSolBalancesQuerySchema = z.object({
  traderOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type ScanSolBalancesQuery = z.input<typeof scanSolBalancesQuerySchema>;

const count = z.number().int().nonnegative();

/** The spec's summary, plus what the operator needs to trust it (failures, time, calls). */
export const scanSolBalancesSummarySchema = z.object({
  totalScanned: count,
  durationMs: z.number().nonnegative(),
  throughputWalletsPerMin: z.number().nonnegative(),
  /** Errors per endpoint during this scan (only endpoints that had any). */
  endpointFailures: z.record(z.string(), count),
  /** Wallets whose balances could not be read: their stored numbers (and age) stay as they were. */
  failed: count,
  /** RPC calls the re-scan made (getMultipleAccounts chunks and mint look-ups). */
  rpcCalls: count,
  /** When the balances were read (ISO, UTC): the wallets' new last-scanned time. */
  scannedAt: z.string(),
});
export type ScanSolBalancesSummary = z.infer<typeof scanSolBalancesSummarySchema>;

/**
 * With `Accept: text/event-stream` the same call streams its progress: `progress` events while it
 * runs, then one `done` (the summary) or `error` event. The answer rides on the connection of the
 * process doing the work, so it holds with any number of server processes behind a balancer.
 */
export const balanceRefreshProgressSchema = z.object({
  processed: count,
  total: count,
  failed: count,
});
export type BalanceRefreshProgress = z.infer<typeof balanceRefreshProgressSchema>;

export const balanceRefreshEventSchema = z.discriminatedUnion('type', [
  balanceRefreshProgressSchema.extend({ type: z.literal('progress') }),
  z.object({ type: z.literal('done'), summary: scanSolBalancesSummarySchema }),
  z.object({ type: z.literal('error'), error: z.string(), code: z.string().optional() }),
]);
export type BalanceRefreshEvent = z.infer<typeof balanceRefreshEventSchema>;

export const BALANCE_REFRESH_EVENT_TYPES = ['progress', 'done', 'error'] as const;
