import {
  bigint,
  boolean,
  check,
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
import { tenants, users } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Where a job stands; `succeeded`, `failed` and `cancelled` are final. */
export type JobStatusValue = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/**
 * Long work (scans, distributions, withdrawals, closes, burns) as a durable job: this row is the
 * state the API answers from and a handler resumes from. The queue (pg-boss) only delivers "run
 * job X", at least once; the lease (`lease_owner`, `lease_expires_at`) keeps two deliveries from
 * running one job at the same time, and `attempts` bounds how often a job is picked up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').notNull(),
    status: text('status').$type<JobStatusValue>().notNull(),
    params: jsonb('params').$type<unknown>().notNull(),
    processedItems: integer('processed_items').notNull().default(0),
    totalItems: integer('total_items').notNull(),
    message: text('message').notNull().default(''),
    /** Where a handler stands within its work, what it reads back when it resumes. */
    checkpoint: jsonb('checkpoint').$type<unknown>(),
    report: jsonb('report').$type<unknown>(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: at('lease_expires_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    index('jobs_tenant_created_idx').on(table.tenantId, table.createdAt),
    check(
      'jobs_status_check',
      sql`${table.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
    check('jobs_items_check', sql`${table.processedItems} >= 0 and ${table.totalItems} >= 0`),
  ],
);

/** A job's log, the newest 400 lines per job (older ones are deleted as new ones are written). */
export const jobLogLines = pgTable(
  'job_log_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    level: text('level').$type<'info' | 'warn' | 'error'>().notNull(),
    message: text('message').notNull(),
  },
  (table) => [
    index('job_log_lines_job_idx').on(table.jobId, table.id),
    check('job_log_lines_level_check', sql`${table.level} in ('info', 'warn', 'error')`),
  ],
);

/**
 * What a deep scan read of each wallet, kept until the operator's Update applies it (spec 2 §4):
 * the update names wallets and never carries balances, so the numbers written are those the
 * server read, and an update served by another server process or after a restart finds them.
 * Removed with the scan's job. `tokens` are the accounts the cold scan found, amounts as decimal
 * text (u64).
 */
export const deepScanReads = pgTable(
  'deep_scan_reads',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Not a foreign key: a wallet deleted for good since the scan is simply skipped. */
    walletId: uuid('wallet_id').notNull(),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    tokens: jsonb('tokens').$type<readonly DeepScanToken[]>().notNull(),
    scannedSlot: bigint('scanned_slot', { mode: 'bigint' }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.walletId] })],
);

/** A token account as the deep scan read it; numbers as decimal text. */
export interface DeepScanToken {
  readonly account: string;
  readonly mint: string;
  readonly program: string;
  readonly amount: string;
  readonly decimals: number;
  readonly lamports: string;
  readonly frozen: boolean;
  readonly withheldAmount: string;
}
