import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about this installation that are not owned by any tenant: when it first started, which
 * version last started it. Tenant-owned tables arrive with the identity issue and carry tenant_id.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
