import { NOTIFICATION_FEED_LIMIT, type FeedNotification } from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { JOIN_ACTION } from './identity-service';
import type { AuthenticatedSession } from './session-store';

/**
 * Who joined the signed-in operator's licence, for their inbox: the tenant's successful
 * activations from the audit log (a system table without row-level security, so the tenant is
 * filtered here and nowhere else), newest first, at most `NOTIFICATION_FEED_LIMIT`.
 *
 * A member is told about joins after their own account was created, not about their own join
 * (they were there) nor about those before it (news from before they arrived is not news).
 */
export function createJoinFeed(context: { readonly db: FleetDatabase }) {
  const { auditLog, users } = schema;
  // Instants leave as ISO text with milliseconds; the database keeps microseconds. Compared at the
  // precision that was handed out, an entry the client already has never comes back.
  const atMs = sql<Date>`date_trunc('milliseconds', ${auditLog.at})`.mapWith(auditLog.at);

  return {
    async joinsFor(
      session: AuthenticatedSession,
      since: Date | undefined,
    ): Promise<FeedNotification[]> {
      const rows = await context.db
        .select({ id: auditLog.id, actor: auditLog.actor, at: atMs })
        .from(auditLog)
        .innerJoin(users, eq(users.id, session.user.id))
        .where(
          and(
            eq(auditLog.tenantId, session.tenantId),
            eq(auditLog.action, JOIN_ACTION),
            eq(auditLog.outcome, 'success'),
            ne(auditLog.actor, session.user.email),
            gt(auditLog.at, users.createdAt),
            since === undefined ? undefined : sql`${atMs} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(NOTIFICATION_FEED_LIMIT);
      return rows.map((row) => ({
        id: `join-${row.id}`,
        // The address goes in the message: the inbox keeps its case and lets it wrap.
        title: 'New member',
        message: `${row.actor} joined this licence`,
        severity: 'info',
        at: row.at.toISOString(),
      }));
    },
  };
}

export type JoinFeed = ReturnType<typeof createJoinFeed>;
