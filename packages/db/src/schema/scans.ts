import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A token account as a scan preview read it; the amount is a decimal string (u64). */
export interface RecentScanToken {
  readonly account: string;
  readonly mint: string;
  readonly program: string;
  readonly amount: string;
  readonly decimals: number;
  /** Decimal strings; absent from entries written before they were kept. */
  readonly lamports?: string;
  readonly frozen?: boolean;
  readonly withheldAmount?: string;
}

/**
 * Balances a scan preview read moments ago, per tenant and wallet: an import trusts these, never
 * the browser's copy. In the database rather than in memory so that an import served by another
 * server process (or after a restart) finds the preview. Rows expire (30 minutes) and are pruned
 * when previews write.
 */
export const recentScans = pgTable(
  'recent_scans',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    publicAddress: text('public_address').notNull(),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    tokens: jsonb('tokens').$type<readonly RecentScanToken[]>().notNull(),
    scannedAt: at('scanned_at').notNull(),
    /** The slot of the preview's answers, stored with the balances an import takes from here. */
    scannedSlot: bigint('scanned_slot', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.publicAddress] }),
    index('recent_scans_scanned_at_idx').on(table.tenantId, table.scannedAt),
  ],
);

/** The Scan Details dialog's log lines, the newest few hundred per tenant (spec 1 §9). */
export const scanLogLines = pgTable(
  'scan_log_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    at: at('at').notNull(),
    level: text('level').$type<'info' | 'warn' | 'error'>().notNull(),
    message: text('message').notNull(),
  },
  (table) => [
    index('scan_log_lines_tenant_idx').on(table.tenantId, table.id),
    check('scan_log_lines_level_check', sql`${table.level} in ('info', 'warn', 'error')`),
  ],
);

/** The Scan Details summary of each tenant's last scan (spec 1 §2): one row per tenant. */
export const lastScans = pgTable('last_scans', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  finishedAt: at('finished_at').notNull(),
  wallets: integer('wallets').notNull(),
  durationMs: doublePrecision('duration_ms').notNull(),
  throughputWalletsPerMin: doublePrecision('throughput_wallets_per_min').notNull(),
  objectsScanned: integer('objects_scanned').notNull(),
  rescans: integer('rescans').notNull(),
  failedAddresses: integer('failed_addresses').notNull(),
  findings: integer('findings').notNull(),
  tokensFound: integer('tokens_found').notNull(),
});

/**
 * The background refresh of each tenant's balances (issue 20): when its next round is due, who
 * holds the round now (a lease, so one server process refreshes a tenant per round however many
 * run), and what the last round cost, for Scan Details. One row per tenant, made by its first
 * round.
 */
export const backgroundRefreshes = pgTable('background_refreshes', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  nextRoundAt: at('next_round_at').notNull(),
  /** Set while a process runs a round; a round whose process died is free again after it. */
  leaseUntil: at('lease_until'),
  rounds: integer('rounds').notNull().default(0),
  lastStartedAt: at('last_started_at'),
  lastFinishedAt: at('last_finished_at'),
  lastWallets: integer('last_wallets').notNull().default(0),
  lastTokenAccounts: integer('last_token_accounts').notNull().default(0),
  lastRpcCalls: integer('last_rpc_calls').notNull().default(0),
  lastFailed: integer('last_failed').notNull().default(0),
  lastDurationMs: doublePrecision('last_duration_ms').notNull().default(0),
  /** Rows a newer stored slot kept from being overwritten in the last round. */
  lastStaleSkipped: integer('last_stale_skipped').notNull().default(0),
});
