import {
  FleetError,
  describeAuditEntry,
  isFleetError,
  type AuditLogEntry,
  type AuditLogFilter,
  type AuditLogFilters,
  type AuditLogPage,
} from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { and, asc, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { decodeHistoryCursor, encodeHistoryCursor } from '../master-wallet/history-cursor';

/** Rows per query when the whole filtered log is read (the CSV): memory stays flat. */
export const AUDIT_READ_BATCH = 500;

/**
 * Where a page ends: the last entry's id and its exact time as the database writes it. `at` is
 * stored in microseconds and a JavaScript Date keeps milliseconds, so the time is kept as text and
 * compared in SQL; a time cut to milliseconds would skip or repeat entries of the same millisecond.
 */
interface Position {
  readonly at: string;
  readonly id: string;
}

type AuditRow = typeof schema.auditLog.$inferSelect & { readonly exactAt: string };

/**
 * The tenant's audit log, newest first. `audit_log` has no row-level security (sign-in failures
 * are written before a tenant is known), so the `tenant_id` condition every query here starts
 * from is the only wall between tenants; a cursor is honoured only if it names an entry of the
 * caller's own tenant.
 */
export function createAuditLogReader(context: { readonly db: FleetDatabase }) {
  const { auditLog, users } = schema;

  function matching(tenantId: string, filter: AuditLogFilter): SQL {
    const conditions = [eq(auditLog.tenantId, tenantId)];
    if (filter.action) {
      // The action itself or its family (core's auditActionMatches); starts_with, not LIKE, so
      // the underscores of `master_wallet` are not wildcards.
      const family = or(
        eq(auditLog.action, filter.action),
        sql`starts_with(${auditLog.action}, ${`${filter.action}.`})`,
      );
      if (family) conditions.push(family);
    }
    if (filter.actor) conditions.push(eq(auditLog.actor, filter.actor));
    return and(...conditions) ?? sql`false`;
  }

  function readAfter(
    tenantId: string,
    filter: AuditLogFilter,
    position: Position | undefined,
    limit: number,
  ): Promise<AuditRow[]> {
    const after = position
      ? sql`${auditLog.at} <= ${position.at}::timestamptz and (${auditLog.at} < ${position.at}::timestamptz or ${auditLog.id} < ${position.id}::uuid)`
      : undefined;
    return context.db
      .select({ ...getTableColumns(auditLog), exactAt: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .where(and(matching(tenantId, filter), after))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  }

  /** The entry a cursor names, in this tenant's log only; anything else is a bad cursor. */
  async function positionOf(tenantId: string, cursorText: string): Promise<Position> {
    let id: string;
    try {
      id = decodeHistoryCursor(cursorText).id;
    } catch (error) {
      if (isFleetError(error, 'MASTER_WALLET__INVALID_HISTORY_CURSOR')) {
        throw new FleetError('AUDIT__INVALID_CURSOR', {}, { cause: error });
      }
      throw error;
    }
    const [row] = await context.db
      .select({ exactAt: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .where(and(eq(auditLog.id, id), eq(auditLog.tenantId, tenantId)));
    if (!row) throw new FleetError('AUDIT__INVALID_CURSOR');
    return { at: row.exactAt, id };
  }

  return {
    async page(
      tenantId: string,
      query: AuditLogFilter & { readonly limit: number; readonly before?: string | undefined },
    ): Promise<AuditLogPage> {
      const position = query.before ? await positionOf(tenantId, query.before) : undefined;
      const rows = await readAfter(tenantId, query, position, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const hasMore = rows.length > query.limit;
      return {
        entries: page.map(toEntry),
        hasMore,
        nextCursor:
          hasMore && last ? encodeHistoryCursor({ createdAt: last.at, id: last.id }) : null,
      };
    },

    /** Every entry the filter matches, newest first, read a batch at a time. */
    async *entries(tenantId: string, filter: AuditLogFilter): AsyncGenerator<AuditLogEntry> {
      let position: Position | undefined;
      for (;;) {
        const rows = await readAfter(tenantId, filter, position, AUDIT_READ_BATCH);
        for (const row of rows) yield toEntry(row);
        const last = rows.at(-1);
        if (!last || rows.length < AUDIT_READ_BATCH) return;
        position = { at: last.exactAt, id: last.id };
      }
    },

    /**
     * What the page can filter on: the actions in the log (a loose scan of the (tenant_id, action,
     * at) index, one step per distinct action however long the log) and the licence's users.
     */
    async filters(tenantId: string): Promise<AuditLogFilters> {
      const nextAction = sql`(select ${auditLog.action} from ${auditLog}
        where ${auditLog.tenantId} = ${tenantId}::uuid and ${auditLog.action} > present.action
        order by ${auditLog.action} limit 1)`;
      const result = await context.db.execute<{ action: string }>(sql`
        with recursive present(action) as (
          (select ${auditLog.action} from ${auditLog}
            where ${auditLog.tenantId} = ${tenantId}::uuid order by ${auditLog.action} limit 1)
          union all
          select ${nextAction} from present where present.action is not null
        )
        select action from present where action is not null`);
      const actions = result.rows.map((row) => row.action);
      const members = await context.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.tenantId, tenantId))
        .orderBy(asc(users.email));
      const actors = members.map((member) => member.email);
      if (actions.some((action) => action.startsWith('admin.'))) actors.push('admin');
      return { actions, actors };
    },
  };
}

export type AuditLogReader = ReturnType<typeof createAuditLogReader>;

function toEntry(row: AuditRow): AuditLogEntry {
  const detail = parseDetail(row.detail);
  const facts = describeAuditEntry({ action: row.action, detail });
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    outcome: row.outcome,
    // Tenants see what the administrator did to their licence, not where the administrator is.
    ip: row.actor === 'admin' ? null : row.ip,
    summary: facts.summary,
    addresses: [...facts.addresses],
    addressesOmitted: facts.addressesOmitted,
    detail,
  };
}

/** Details are JSON objects when written here; anything else is shown as it was stored. */
function parseDetail(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { text };
  }
}
