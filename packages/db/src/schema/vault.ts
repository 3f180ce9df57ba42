import {
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres returns Buffer (a Uint8Array); PGlite returns Uint8Array. Normalise to a plain copy.
  fromDriver: (value) => Uint8Array.from(value),
  toDriver: (value) => value,
});

/**
 * Per-tenant data keys, wrapped (AES-256-GCM) by the key-encryption key. Rotating the KEK re-wraps
 * these rows only; the private keys they protect are untouched.
 */
export const tenantDataKeys = pgTable(
  'tenant_data_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    version: integer('version').notNull(),
    wrappedKey: bytea('wrapped_key').notNull(),
    kekId: text('kek_id').notNull(),
    algorithm: text('algorithm').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rewrappedAt: timestamp('rewrapped_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.version] })],
);

/**
 * How many data keys each KEK wraps, kept by a trigger on `tenant_data_keys` (migration 0011).
 * Unlike the data keys it has no row-level security, so the server can check at start, before it
 * serves a tenant, that its KEK is the one the stored keys were wrapped with; and a rotation can
 * tell when an old KEK wraps nothing any more.
 */
export const vaultKekUsage = pgTable('vault_kek_usage', {
  kekId: text('kek_id').primaryKey(),
  dataKeys: integer('data_keys').notNull().default(0),
});
