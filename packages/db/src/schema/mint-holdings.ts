import { bigint, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * The tenant's holdings per mint over its active wallets, kept by statement triggers on
 * `wallets` and `wallet_token_accounts` (migration 0034, decision 034), whoever writes them, so
 * the Tokens Overview reads a few hundred rows instead of every token account.
 *
 * The rows are parts to be summed per mint, not one row per mint: each writing statement appends
 * what it changed (an account more, a balance less), so concurrent writers never update a shared
 * row and never wait on or deadlock over one. A reader folds the parts of a tenant into one row
 * per mint when they pile up (sums are additive, so every grouping of them is exact).
 */
export const mintHoldingParts = pgTable(
  'mint_holding_parts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    mint: text('mint').notNull(),
    /** Token accounts, with a balance or not. */
    accounts: bigint('accounts', { mode: 'number' }).notNull(),
    /** Token accounts holding a balance. */
    funded: bigint('funded', { mode: 'number' }).notNull(),
    /** Wallets holding a balance of the mint, each counted once. */
    holders: bigint('holders', { mode: 'number' }).notNull(),
    /** Raw amount; unbounded numeric, as a sum over many u64 balances can exceed u64. */
    amount: numeric('amount').notNull(),
  },
  (table) => [index('mint_holding_parts_tenant_idx').on(table.tenantId, table.mint)],
);
