import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { jobs } from './jobs';
import { tenants, users } from './tenancy';
import { wallets } from './wallets';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The money operations stored so far (issue 17); the API and the ledger name them the same. */
export type OperationKindValue =
  | 'sol.distribute'
  | 'sol.aggregate'
  | 'sol.double_distribution'
  | 'token.close'
  | 'token.burn'
  | 'token.withdraw'
  | 'token.distribute';

/** Core's `OperationStatus`, stored for the history list; the detail derives it again. */
export type OperationStatusValue = 'planned' | 'running' | 'succeeded' | 'partlyFailed' | 'failed';

export type ItemLegValue = 'direct' | 'firstHop' | 'secondHop' | 'close' | 'burn' | 'tokenTransfer';

/** The token program of a close item (migration 0024). */
export type ItemTokenProgramValue = 'token' | 'token2022';

export type LedgerTransactionStateValue =
  'planned' | 'signed' | 'sent' | 'confirmed' | 'failed' | 'expired';

/**
 * A plan as the planner computed it, stored whole and named by the SHA-256 of its canonical JSON
 * (with its tenant and kind), so the operation executes exactly what the operator saw. It expires
 * and is consumed at most once.
 */
export const operationPlans = pgTable(
  'operation_plans',
  {
    id: text('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').$type<OperationKindValue>().notNull(),
    plan: jsonb('plan').$type<unknown>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [
    index('operation_plans_tenant_expires_idx').on(table.tenantId, table.expiresAt),
    check('operation_plans_id_check', sql`${table.id} ~ '^[0-9a-f]{64}$'`),
    check(
      'operation_plans_kind_check',
      sql`${table.kind} in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution', 'token.close', 'token.burn', 'token.withdraw', 'token.distribute')`,
    ),
  ],
);

/** One money operation: what was asked, from which plan, and its totals for the history list. */
export const operations = pgTable(
  'operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').$type<OperationKindValue>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => operationPlans.id),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<OperationStatusValue>().notNull(),
    /** Counts and lamports, the lamports as decimal strings (jsonb numbers are not u64). */
    totals: jsonb('totals').$type<Record<string, number | string>>().notNull(),
    jobId: uuid('job_id').references(() => jobs.id),
    /**
     * The operation whose failed wallets this one pays again ("Retry failed"). Unique: an
     * operation is retried at most once, so a second retry of the same failures cannot pay twice.
     */
    retryOf: uuid('retry_of').references((): AnyPgColumn => operations.id),
    /**
     * How many of the plan's transactions (setup steps first) have their rows, with their items
     * and links; the job writes the rest, in order, while the first are already sending
     * (decision 029). Null when every row was written with the operation.
     */
    materializedTransactions: integer('materialized_transactions'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    uniqueIndex('operations_retry_of_idx')
      .on(table.retryOf)
      .where(sql`${table.retryOf} is not null`),
    index('operations_tenant_created_idx').on(table.tenantId, table.createdAt.desc(), table.id),
    index('operations_tenant_kind_created_idx').on(
      table.tenantId,
      table.kind,
      table.createdAt.desc(),
    ),
    uniqueIndex('operations_plan_idx').on(table.planId),
    check(
      'operations_kind_check',
      sql`${table.kind} in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution', 'token.close', 'token.burn', 'token.withdraw', 'token.distribute')`,
    ),
    check(
      'operations_status_check',
      sql`${table.status} in ('planned', 'running', 'succeeded', 'partlyFailed', 'failed')`,
    ),
  ],
);

/** One transfer an operation owes: a recipient or source wallet on one leg. */
export const operationItems = pgTable(
  'operation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    leg: text('leg').$type<ItemLegValue>().notNull(),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'set null' }),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /**
     * The SOL the item moves. A token transfer moves tokens (`token_amount`), and with them the
     * rent of a close or of an account it creates, so its lamports may be 0.
     */
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    /** A token transfer's raw amount of its mint (numeric: u64 exceeds bigint); null otherwise. */
    tokenAmount: numeric('token_amount', { precision: 20, scale: 0 }),
    retryOf: uuid('retry_of'),
    /** The item's place in the operation, as the plan listed it. */
    position: integer('position').notNull(),
    /** A close's mint and token program (null for a SOL transfer); `from_address` is the account. */
    mint: text('mint'),
    program: text('program').$type<ItemTokenProgramValue>(),
  },
  (table) => [
    // A retry pays the same wallet on the same leg again, so only original items are unique.
    uniqueIndex('operation_items_unique_idx')
      .on(table.operationId, table.leg, table.toAddress, table.fromAddress)
      .where(sql`${table.retryOf} is null`),
    index('operation_items_operation_idx').on(table.operationId, table.position),
    // The transaction history's wallet filter (issue 19): the items that move SOL from or to an
    // address, without reading every item of the tenant.
    index('operation_items_from_address_idx').on(table.tenantId, table.fromAddress),
    index('operation_items_to_address_idx').on(table.tenantId, table.toAddress),
    check(
      'operation_items_leg_check',
      sql`${table.leg} in ('direct', 'firstHop', 'secondHop', 'close', 'burn', 'tokenTransfer')`,
    ),
    check(
      'operation_items_close_check',
      // Every token leg (a close, a burn-and-close, an SPL transfer) names its mint and program,
      // and no SOL leg does. coalesce: a null program would make the comparison null, which a
      // check lets pass.
      sql`(${table.leg} in ('close', 'burn', 'tokenTransfer')) = (${table.mint} is not null and coalesce(${table.program} in ('token', 'token2022'), false))`,
    ),
    check(
      'operation_items_lamports_check',
      sql`${table.lamports} > 0 or (${table.leg} = 'tokenTransfer' and ${table.lamports} >= 0)`,
    ),
    // Exactly the token transfers carry a token amount, and it moves something.
    check(
      'operation_items_token_amount_check',
      sql`(${table.leg} = 'tokenTransfer') = (${table.tokenAmount} is not null) and coalesce(${table.tokenAmount} > 0, true)`,
    ),
  ],
);

/** One transaction of an operation, as core's state machine left it. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    state: text('state').$type<LedgerTransactionStateValue>().notNull(),
    signature: text('signature'),
    /** The signed bytes, base64, rebroadcast as they are. */
    wireBase64: text('wire_base64'),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }),
    blockHeightSeen: bigint('block_height_seen', { mode: 'bigint' }),
    broadcasts: integer('broadcasts').notNull().default(0),
    lastBroadcastAt: at('last_broadcast_at'),
    failureReason: text('failure_reason'),
    /** The transaction's place in the operation, as the packer made them. */
    position: integer('position').notNull(),
    /**
     * Which lookup-table setup step of the operation's build this transaction carries out (create
     * or extend, issue 17); null for a transaction that pays items. A re-planned step keeps it.
     */
    setupStep: integer('setup_step'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('ledger_transactions_operation_idx').on(table.operationId, table.position),
    index('ledger_transactions_state_idx').on(table.operationId, table.state),
    // The transaction history's page (issue 19): newest first with a keyset cursor, read off the
    // index whatever the ledger's size. Planned rows are never listed, so they stay out of it.
    index('ledger_transactions_history_idx')
      .on(table.tenantId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.state} <> 'planned'`),
    uniqueIndex('ledger_transactions_signature_idx')
      .on(table.signature)
      .where(sql`${table.signature} is not null`),
    check(
      'ledger_transactions_state_check',
      sql`${table.state} in ('planned', 'signed', 'sent', 'confirmed', 'failed', 'expired')`,
    ),
    check(
      'ledger_transactions_signed_check',
      sql`${table.state} = 'planned' or (${table.signature} is not null and ${table.lastValidBlockHeight} is not null)`,
    ),
    check('ledger_transactions_broadcasts_check', sql`${table.broadcasts} >= 0`),
  ],
);

/** Which items a transaction pays (a distribution packs several transfers in one). */
export const ledgerTransactionItems = pgTable(
  'ledger_transaction_items',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => operationItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.itemId] }),
    index('ledger_transaction_items_item_idx').on(table.itemId),
  ],
);
