import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operations } from './ledger';
import { tenants, users } from './tenancy';
import { wallets } from './wallets';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The middlemen of two-hop distributions (issue 17): wallets of the `middleman` source, generated
 * on the server and sealed in the vault before any SOL moves. A middleman serves one recipient of
 * one operation for ever: `operation_id` is set once (a trigger of migration 0018 refuses any
 * other change) and a middleman is never handed out again, linked or not. Deleting the wallet
 * (its key destroyed) deletes this row with it.
 */
export const middlemen = pgTable(
  'middlemen',
  {
    walletId: uuid('wallet_id')
      .primaryKey()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The two-hop operation it serves; null while its plan has not been executed. */
    operationId: uuid('operation_id').references(() => operations.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    linkedAt: at('linked_at'),
  },
  (table) => [
    index('middlemen_tenant_operation_idx').on(table.tenantId, table.operationId),
    check(
      'middlemen_linked_check',
      sql`(${table.operationId} is null) = (${table.linkedAt} is null)`,
    ),
  ],
);
