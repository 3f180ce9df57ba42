import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';
import { bytea } from './vault';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A seed phrase's group (a seed vault): the phrase is never stored, only a salted fingerprint
 * (spec 1 §3), and the derivation scheme its accounts come from. The same phrase under two schemes
 * is two vaults: their accounts have nothing in common.
 */
export const seedGroups = pgTable(
  'seed_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    label: text('label'),
    seedFingerprint: text('seed_fingerprint').notNull(),
    /** One of core's `DERIVATION_SCHEMES` (migration 0014 moved older rows to `bip44-change`). */
    derivationScheme: text('derivation_scheme').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seed_groups_fingerprint_scheme_idx').on(
      table.tenantId,
      table.seedFingerprint,
      table.derivationScheme,
    ),
    check(
      'seed_groups_derivation_scheme_check',
      sql`${table.derivationScheme} in ('bip44-change', 'bip44', 'root')`,
    ),
  ],
);

/** One import action (a paste of keys or a seed import): the "import batches" of the wallet list. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sourceKind: text('source_kind').notNull(),
    seedGroupId: uuid('seed_group_id').references(() => seedGroups.id),
    created: integer('created').notNull().default(0),
    restored: integer('restored').notNull().default(0),
    linked: integer('linked').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('import_batches_tenant_idx').on(table.tenantId, table.createdAt)],
);

/**
 * A wallet of the fleet. The private key only as vault ciphertext; balances as of the last scan,
 * in lamports. Archiving is a soft delete (`archived_at`); importing the key again restores it.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    publicAddress: text('public_address').notNull(),
    encryptedKey: bytea('encrypted_key').notNull(),
    keyAlgorithm: text('key_algorithm').notNull(),
    dataKeyVersion: integer('data_key_version').notNull(),
    name: text('name'),
    isTrader: boolean('is_trader').notNull().default(false),
    sourceKind: text('source_kind').notNull(),
    importBatchId: uuid('import_batch_id').references(() => importBatches.id),
    seedGroupId: uuid('seed_group_id').references(() => seedGroups.id),
    derivationPath: text('derivation_path'),
    lamports: bigint('lamports', { mode: 'bigint' }),
    lastScannedAt: at('last_scanned_at'),
    /**
     * The chain's slot (`context.slot`) of the answers the stored balance came from (migration
     * 0032): an endpoint answering an older slot never overwrites it. Null before it was kept, or
     * for a write that did not know it.
     */
    scannedSlot: bigint('scanned_slot', { mode: 'bigint' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    archivedAt: at('archived_at'),
    /** new / restored / updated by the latest import that touched it (spec 2 §4 badges). */
    importStatus: text('import_status'),
    /**
     * How many token accounts the last scan saw, and how many of them hold tokens. Kept by
     * statement triggers on `wallet_token_accounts` (migration 0009), whoever writes them, so the
     * wallet list reads one row per wallet instead of grouping every token account.
     */
    tokenAccountCount: integer('token_account_count').notNull().default(0),
    fundedTokenAccountCount: integer('funded_token_account_count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('wallets_address_idx').on(table.tenantId, table.publicAddress),
    // The wallet list's order (oldest first, id breaking ties within one import's timestamp).
    index('wallets_active_idx')
      .on(table.tenantId, table.createdAt, table.id)
      .where(sql`${table.archivedAt} is null`),
    index('wallets_seed_group_idx').on(table.tenantId, table.seedGroupId),
    index('wallets_batch_idx').on(table.tenantId, table.importBatchId),
    // Search: prefix and substring over addresses and names through trigrams (pg_trgm).
    index('wallets_address_trgm_idx').using('gin', sql`lower(${table.publicAddress}) gin_trgm_ops`),
    index('wallets_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    // Core's WALLET_SOURCE_KINDS (migration 0018): the wallet list reads the kind to say where a
    // wallet comes from, so an unknown one must not be stored.
    check(
      'wallets_source_kind_check',
      sql`${table.sourceKind} in ('seed', 'import', 'manual', 'middleman')`,
    ),
  ],
);

/** Token accounts seen by the last scan of a wallet; raw amounts as numeric (u64 exceeds bigint). */
export const walletTokenAccounts = pgTable(
  'wallet_token_accounts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tokenAccount: text('token_account').notNull(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    mint: text('mint').notNull(),
    program: text('program').notNull(),
    amount: numeric('amount', { precision: 20, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    // What a close needs to know ahead of its plan (issue 19's forecast): the rent the account
    // returns (null for rows scanned before it was stored), and what blocks a close.
    lamports: numeric('lamports', { precision: 20, scale: 0 }),
    frozen: boolean('frozen').notNull().default(false),
    withheldAmount: numeric('withheld_amount', { precision: 20, scale: 0 }).notNull().default('0'),
    /** The slot of the answer this row came from, as `wallets.scanned_slot` (migration 0032). */
    scannedSlot: bigint('scanned_slot', { mode: 'bigint' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.tokenAccount] }),
    index('wallet_token_accounts_wallet_idx').on(table.tenantId, table.walletId),
    index('wallet_token_accounts_mint_idx').on(table.tenantId, table.mint),
    // The Tokens Overview's last scan per mint: one backward index step a mint (migration 0029).
    index('wallet_token_accounts_mint_scan_idx').on(table.tenantId, table.mint, table.updatedAt),
  ],
);

/** Token names and decimals by mint: public chain facts, shared by all tenants (no tenant id). */
export const mints = pgTable(
  'mints',
  {
    mint: text('mint').primaryKey(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals').notNull(),
    program: text('program').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /**
     * What the digital-asset API says the mint is (core's TOKEN_TYPES), stored by Classify Tokens
     * (issue 20); null until asked, when the Tokens Overview falls back to spec 2 §3's decimals rule.
     */
    assetClass: text('asset_class'),
    assetClassAt: at('asset_class_at'),
  },
  (table) => [
    check('mints_asset_class_check', sql`${table.assetClass} in ('spl', 'nft', 'cnft', 'other')`),
  ],
);

/**
 * A per-tenant counter that moves whenever anything the wallet list shows changes: statement
 * triggers (migration 0009) bump it on writes to wallets, their tags and group memberships, seed
 * groups, import batches and the master wallet. The server keeps the last list it wrote per tenant
 * and answers from it while the counter stands still (see apps/server/src/wallets/).
 */
export const walletListVersions = pgTable('wallet_list_versions', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  version: bigint('version', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/**
 * Which transaction last changed each wallet or any of its token accounts: `changed_by` is that
 * transaction's id (`pg_current_xact_id()`), written by statement triggers (migration 0022), one
 * row per wallet ever changed. A reader that kept what it read under a snapshot asks for the
 * wallets whose last change that snapshot did not see (`pg_visible_in_snapshot`), which holds
 * whatever order transactions took their ids and committed in. A deleted wallet's row stays, so
 * its deletion is seen too (decision 031).
 */
export const walletChanges = pgTable(
  'wallet_changes',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    // No reference to wallets: the row outlives a deleted wallet, to tell readers it went.
    walletId: uuid('wallet_id').notNull(),
    changedBy: bigint('changed_by', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.walletId] }),
    index('wallet_changes_changed_by_idx').on(table.tenantId, table.changedBy),
  ],
);
