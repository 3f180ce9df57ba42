import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/** What one round cost, as `background_refreshes` keeps it for Scan Details. */
export interface RoundFigures {
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly wallets: number;
  readonly tokenAccounts: number;
  readonly rpcCalls: number;
  readonly failed: number;
  readonly durationMs: number;
  readonly keptNewer: number;
}

export type BackgroundRefreshRow = typeof schema.backgroundRefreshes.$inferSelect;

/**
 * Tenants someone is signed in to: a session neither revoked nor expired that was used since
 * `since`. Sessions are read before a tenant is known (sign-in, the session cookie), so they are
 * outside row-level security and this reads across tenants; it reads nothing but the ids.
 */
export async function tenantsInUse(db: FleetDatabase, since: Date, now: Date): Promise<string[]> {
  const { sessions } = schema;
  const rows = await db
    .selectDistinct({ tenantId: sessions.tenantId })
    .from(sessions)
    .where(
      sql`${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz and ${sessions.lastSeenAt} >= ${since.toISOString()}::timestamptz`,
    );
  return rows.map((row) => row.tenantId).sort();
}

/** When someone last used a live session of the tenant; null when no session is live. */
export async function tenantLastSeen(
  db: FleetDatabase,
  tenantId: string,
  now: Date,
): Promise<Date | null> {
  const { sessions } = schema;
  const [row] = await db
    .select({ at: sql<string | null>`max(${sessions.lastSeenAt})` })
    .from(sessions)
    .where(
      sql`${sessions.tenantId} = ${tenantId}::uuid and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
    );
  const at = row?.at ?? null;
  return at === null ? null : new Date(at);
}

/**
 * Takes the tenant's round when it is due and no process holds it: one statement, so of two
 * server processes ticking at once exactly one gets it. The winner moves the next round an
 * interval on and holds a lease; a process that dies mid-round frees it when the lease runs out.
 */
export async function claimRound(
  db: FleetDatabase,
  tenantId: string,
  at: { readonly now: Date; readonly nextRoundAt: Date; readonly leaseUntil: Date },
): Promise<boolean> {
  return withTenant(db, tenantId, async (tx) => {
    const now = at.now.toISOString();
    const claimed = await tx.execute<{ tenant_id: string }>(
      sql`insert into background_refreshes (tenant_id, next_round_at, lease_until)
        values (${tenantId}::uuid, ${at.nextRoundAt.toISOString()}::timestamptz, ${at.leaseUntil.toISOString()}::timestamptz)
        on conflict (tenant_id) do update
          set next_round_at = excluded.next_round_at, lease_until = excluded.lease_until
          where background_refreshes.next_round_at <= ${now}::timestamptz
            and (background_refreshes.lease_until is null
              or background_refreshes.lease_until <= ${now}::timestamptz)
        returning tenant_id`,
    );
    return claimed.rows.length === 1;
  });
}

/** The round's figures kept and its lease given back. */
export async function finishRound(
  db: FleetDatabase,
  tenantId: string,
  figures: RoundFigures,
): Promise<void> {
  await withTenant(db, tenantId, (tx) =>
    tx.execute(
      sql`update background_refreshes set
          lease_until = null,
          rounds = rounds + 1,
          last_started_at = ${figures.startedAt.toISOString()}::timestamptz,
          last_finished_at = ${figures.finishedAt.toISOString()}::timestamptz,
          last_wallets = ${figures.wallets},
          last_token_accounts = ${figures.tokenAccounts},
          last_rpc_calls = ${figures.rpcCalls},
          last_failed = ${figures.failed},
          last_duration_ms = ${figures.durationMs},
          last_stale_skipped = ${figures.keptNewer}
        where tenant_id = ${tenantId}::uuid`,
    ),
  );
}

/** A round that failed as a whole gives its lease back; the next is due an interval on anyway. */
export async function releaseRound(db: FleetDatabase, tenantId: string): Promise<void> {
  await withTenant(db, tenantId, (tx) =>
    tx.execute(
      sql`update background_refreshes set lease_until = null where tenant_id = ${tenantId}::uuid`,
    ),
  );
}

export async function readRefreshState(
  db: FleetDatabase,
  tenantId: string,
): Promise<BackgroundRefreshRow | null> {
  return withTenant(db, tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(schema.backgroundRefreshes)
      .where(sql`${schema.backgroundRefreshes.tenantId} = ${tenantId}::uuid`);
    return row ?? null;
  });
}
