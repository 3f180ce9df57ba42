import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operations } from './ledger';
import { tenants } from './tenancy';
import { wallets } from './wallets';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type TokenProgramValue = 'token' | 'token2022';

/**
 * Every token account a tenant's operations closed (issue 19, spec 2 §2.6 and §3's close-history
 * record): one row per account, written in the tenant transaction that records the landed
 * transaction, so the history never shows a close the ledger does not know. The wallet's address
 * and the mint are kept as text: the history outlives an archived or deleted wallet.
 */
export const tokenAccountCloses = pgTable(
  'token_account_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    operationId: uuid('operation_id').references(() => operations.id, { onDelete: 'set null' }),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'set null' }),
    walletAddress: text('wallet_address').notNull(),
    mint: text('mint').notNull(),
    tokenAccount: text('token_account').notNull(),
    program: text('program').$type<TokenProgramValue>().notNull(),
    rentLamports: bigint('rent_lamports', { mode: 'bigint' }).notNull(),
    /** This account's share of its transaction's fee. */
    feeLamports: bigint('fee_lamports', { mode: 'bigint' }).notNull(),
    /** The raw amount burned before the close; null for a plain close (u64 exceeds bigint). */
    burnedRaw: numeric('burned_raw', { precision: 20, scale: 0 }),
    signature: text('signature').notNull(),
    closedAt: at('closed_at').notNull(),
  },
  (table) => [
    // One row per account and transaction: recording the same landed transaction again adds nothing.
    uniqueIndex('token_account_closes_account_signature_idx').on(
      table.tenantId,
      table.tokenAccount,
      table.signature,
    ),
    index('token_account_closes_tenant_closed_idx').on(
      table.tenantId,
      table.closedAt.desc(),
      table.id.desc(),
    ),
    index('token_account_closes_wallet_idx').on(
      table.tenantId,
      table.walletAddress,
      table.closedAt.desc(),
      table.id.desc(),
    ),
    index('token_account_closes_mint_idx').on(
      table.tenantId,
      table.mint,
      table.closedAt.desc(),
      table.id.desc(),
    ),
    check('token_account_closes_program_check', sql`${table.program} in ('token', 'token2022')`),
    check('token_account_closes_rent_check', sql`${table.rentLamports} >= 0`),
    check('token_account_closes_fee_check', sql`${table.feeLamports} >= 0`),
    check('token_account_closes_burned_check', sql`${table.burnedRaw} >= 0`),
  ],
);
