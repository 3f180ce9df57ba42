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
