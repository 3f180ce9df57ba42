import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions, operations } from './ledger';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The address lookup tables a tenant's operations created (issue 17, decision 027). A row is
 * written with the signed create transaction, before it is broadcast: the table's address follows
 * from its authority and the slot the create names, so a crash after the broadcast still knows
 * where the table is. What a table holds is read from the chain, never from here; a create that
 * expired unseen leaves a row whose address the chain never knew, and readers skip it.
 */
export const lookupTables = pgTable(
  'lookup_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    address: text('address').notNull(),
    /** The master wallet that signs its extensions. */
    authority: text('authority').notNull(),
    /** The slot the create instruction derives the address from. */
    recentSlot: bigint('recent_slot', { mode: 'bigint' }).notNull(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    /** Which of the operation's new tables this is (the build's `newTable` index). */
    newTable: integer('new_table').notNull(),
    createTransactionId: uuid('create_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('lookup_tables_address_idx').on(table.tenantId, table.address),
    index('lookup_tables_authority_idx').on(table.tenantId, table.authority),
    uniqueIndex('lookup_tables_create_idx').on(table.createTransactionId),
  ],
);

/**
 * A tenant's own limits on what its operations may spend (issue 17). Absent row or null column:
 * the server's setting applies.
 */
export const tenantFeeSettings = pgTable('tenant_fee_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  /** The most a transaction bids per compute unit, in micro-lamports; caps the server's price. */
  maxMicroLamportsPerUnit: bigint('max_micro_lamports_per_unit', { mode: 'bigint' }),
  updatedAt: at('updated_at').notNull(),
});
