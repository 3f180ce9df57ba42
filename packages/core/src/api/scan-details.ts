import { z } from 'zod';
import { providerDetailSchema } from './market';

/** The reply of `GET /api/scan/details`: the shared RPC pool's counts and this tenant's last scan. */
const counts = z.record(z.string(), z.number().int().nonnegative());

export const endpointDetailSchema = z.object({
  label: z.string(),
  hits: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  rateLimited: z.number().int().nonnegative(),
  timeouts: z.number().int().nonnegative(),
  latencyMs: z.number().nonnegative().nullable(),
  lastError: z.string().nullable(),
  health: z.enum(['healthy', 'degraded', 'down']),
  coolingDownMs: z.number().nonnegative(),
  pacedRps: z.number().positive().nullable(),
});
export type EndpointDetail = z.infer<typeof endpointDetailSchema>;

export const lastScanSchema = z.object({
  finishedAt: z.string(),
  wallets: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
  throughputWalletsPerMin: z.number().nonnegative(),
  objectsScanned: z.number().int().nonnegative(),
  rescans: z.number().int().nonnegative(),
  failedAddresses: z.number().int().nonnegative(),
  /** Token accounts found. */
  findings: z.number().int().nonnegative(),
  tokensFound: z.number().int().nonnegative(),
});
export type LastScan = z.infer<typeof lastScanSchema>;

export const scanLogLineSchema = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type ScanLogLine = z.infer<typeof scanLogLineSchema>;

/**
 * The server's background refresh of this tenant's balances (issue 20): every known account of
 * the active wallets re-read on a schedule, (1 + T) / 100 RPC calls a wallet, so the numbers stay
 * fresh with no one pressing Refresh.
 */
export const backgroundRefreshRoundSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  wallets: z.number().int().nonnegative(),
  tokenAccounts: z.number().int().nonnegative(),
  rpcCalls: z.number().int().nonnegative(),
  /** rpcCalls / wallets; 0 for a round with no wallets. */
  callsPerWallet: z.number().nonnegative(),
  durationMs: z.number().nonnegative(),
  /** Wallets whose read failed; they keep their stored numbers and age. */
  failed: z.number().int().nonnegative(),
  /** Wallets not written because newer numbers (a later read or a newer slot) were stored. */
  keptNewer: z.number().int().nonnegative(),
});
export type BackgroundRefreshRound = z.infer<typeof backgroundRefreshRoundSchema>;

export const BACKGROUND_REFRESH_STATES = ['active', 'paused', 'disabled'] as const;

export const backgroundRefreshSchema = z.object({
  state: z.enum(BACKGROUND_REFRESH_STATES),
  /** Why the refresh is paused or disabled; null while active. */
  reason: z.string().nullable(),
  /** Time between rounds; 0 when disabled. */
  intervalMs: z.number().int().nonnegative(),
  /** Rounds this tenant has had since its first. */
  rounds: z.number().int().nonnegative(),
  lastRound: backgroundRefreshRoundSchema.nullable(),
  /** When the next round is due, once a round has run. */
  nextRoundAt: z.string().nullable(),
});
export type BackgroundRefreshStatus = z.infer<typeof backgroundRefreshSchema>;
/** The server process's live balances (issue 20): its PubSub socket and what it follows. */
export const liveBalancesStateSchema = z.object({
  connected: z.boolean(),
  watched: z.number().int().nonnegative(),
  subscribed: z.number().int().nonnegative(),
  notifications: z.number().int().nonnegative(),
  lastNotificationAt: z.string().nullable(),
  reconnects: z.number().int().nonnegative(),
});
export type LiveBalancesState = z.infer<typeof liveBalancesStateSchema>;

export const scanDetailsSchema = z.object({
  /** The server's RPC pool, shared by every tenant. */
  pool: z.object({
    endpoints: z.array(z.string()),
    endpointHits: counts,
    endpointErrors: counts,
    endpoint429s: counts,
    rpcMethods: counts,
    calls: z.number().int().nonnegative(),
    failedCalls: z.number().int().nonnegative(),
    details: z.array(endpointDetailSchema),
  }),
  /** This tenant's last scan, or null before the first since the server started. */
  lastScan: lastScanSchema.nullable(),
  /** This tenant's last 300 scan log lines, oldest first. */
  logs: z.array(scanLogLineSchema),
  /**
   * The market providers' counters beside the RPC endpoints (issue 18), shared by every tenant
   * like the pool. Optional so a client reads a server from before it.
   */
  providers: z.array(providerDetailSchema).optional(),
  /** The background refresh (issue 20); optional so a client reads a server from before it. */
  backgroundRefresh: backgroundRefreshSchema.optional(),
  /** The answering process's live balances; null when it follows none (no chain WebSocket). */
  liveBalances: liveBalancesStateSchema.nullable().optional(),
});
export type ScanDetails = z.infer<typeof scanDetailsSchema>;
