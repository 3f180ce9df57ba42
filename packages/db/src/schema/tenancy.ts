import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** One tenant per licence key: every operator's data hangs off a tenant id. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
  /** Salts this tenant's seed fingerprints, so equal phrases of two tenants do not match. */
  seedSalt: text('seed_salt')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
});

/** Issued by an administrator; `maxUses` 999999 means unlimited (spec 1 §9). */
export const licenseKeys = pgTable(
  'license_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tier: text('tier').notNull(),
    uses: integer('uses').notNull().default(0),
    maxUses: integer('max_uses').notNull(),
    name: text('name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('license_keys_key_idx').on(table.key),
    index('license_keys_tenant_idx').on(table.tenantId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    email: text('email').notNull(),
    role: text('role').notNull().default('operator'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  // E-mail addresses are stored lower-cased, so a plain unique index is case-insensitive in effect.
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    index('users_tenant_idx').on(table.tenantId),
  ],
);

/** Only a SHA-256 of the session token is stored: a database dump cannot be replayed as cookies. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_idx').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
    index('sessions_tenant_idx').on(table.tenantId),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('invites_token_hash_idx').on(table.tokenHash),
    index('invites_email_idx').on(table.email, table.createdAt),
  ],
);

/** Sign-in failures per account and per address, for growing delays and temporary locks. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    tenantId: uuid('tenant_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    detail: text('detail'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_tenant_idx').on(table.tenantId, table.at),
    // The Control Centre's audit page filters a tenant's entries by action.
    index('audit_log_tenant_action_idx').on(table.tenantId, table.action, table.at),
  ],
);
