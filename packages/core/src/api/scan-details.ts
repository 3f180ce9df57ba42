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
  /** The answering process's live balances; null when it follows none (no chain WebSocket). */
  liveBalances: liveBalancesStateSchema.nullable().optional(),
});
export type ScanDetails = z.infer<typeof scanDetailsSchema>;
