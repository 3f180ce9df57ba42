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

/**
 * Every change of the master wallet. The keys on either side are kept as the vault's ciphertext
 * (the same bytes `master_wallets` held, bound to their address), so a replaced or cleared master
 * can be revealed again by an audited call; entries written before migration 0013 have none.
 */
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
    previousEncryptedKey: bytea('previous_encrypted_key'),
    previousKeyAlgorithm: text('previous_key_algorithm'),
    previousDataKeyVersion: integer('previous_data_key_version'),
    newEncryptedKey: bytea('new_encrypted_key'),
    newKeyAlgorithm: text('new_key_algorithm'),
    newDataKeyVersion: integer('new_data_key_version'),
  },
  (table) => [
    index('master_wallet_history_page_idx').on(table.tenantId, table.createdAt, table.id),
  ],
);
