import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy';
import { wallets } from './wallets';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Custom and system tags (spec 2 §3). Computed tags (seed sources) are not stored: they are derived
 * from `seed_groups` when listed.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    icon: text('icon'),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tags_slug_idx').on(table.tenantId, table.slug),
    index('tags_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

export const walletTags = pgTable(
  'wallet_tags',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.walletId, table.tagId] }),
    index('wallet_tags_tag_idx').on(table.tenantId, table.tagId),
  ],
);

/** The operator's custom groups (spec 2 §2.1 "Custom groups list"). */
export const walletGroups = pgTable(
  'wallet_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    color: text('color'),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('wallet_groups_tenant_idx').on(table.tenantId, table.createdAt),
    index('wallet_groups_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

export const walletGroupMembers = pgTable(
  'wallet_group_members',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupId: uuid('group_id')
      .notNull()
      .references(() => walletGroups.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.groupId, table.walletId] }),
    index('wallet_group_members_wallet_idx').on(table.tenantId, table.walletId),
  ],
);
