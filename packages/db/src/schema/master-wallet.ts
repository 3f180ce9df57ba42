import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';
import { bytea } from './vault';

/** One master wallet per tenant; the private key only as vault ciphertext. */
export const masterWallets = pgTable('master_wallets', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  publicAddress: text('public_address').notNull(),
  encryptedKey: bytea('encrypted_key').notNull(),
  keyAlgorithm: text('key_algorithm').notNull(),
  dataKeyVersion: integer('data_key_version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Earlier private keys are never kept: the history shows addresses only. */
export const masterWalletHistory = pgTable(
  'master_wallet_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    requestedBy: text('requested_by'),
    triggeredVia: text('triggered_via'),
    previousAddress: text('previous_address'),
    newAddress: text('new_address'),
    note: text('note'),
  },
  (table) => [
    index('master_wallet_history_page_idx').on(table.tenantId, table.createdAt, table.id),
  ],
);
