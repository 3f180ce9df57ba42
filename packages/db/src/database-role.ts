import { sql } from 'drizzle-orm';
import type { FleetDatabase } from './connection';

/** The role that may read every tenant's searchable wallet columns (migration 0007). */
export const SEARCH_READER_ROLE = 'fleet_search';
/** What a serving role that does not own the tables needs (migration 0010). */
export const APP_ROLE = 'fleet_app';

export interface DatabaseRole {
  readonly name: string;
  /** Either of these lets the role read through row-level security. */
  readonly superuser: boolean;
  readonly bypassRls: boolean;
  /**
   * A member of `fleet_search`, directly or through other roles: its `search_reader` policy reads
   * every tenant's wallets, so a login role that inherits it has no second wall at all.
   */
  readonly searchReader: boolean;
  /** A member of `fleet_app`, the privileges a separate serving role is given. */
  readonly appMember: boolean;
  /** Owns the `wallets` table, i.e. is (or acts as) the role that ran the migrations. */
  readonly ownsTables: boolean;
}

/**
 * What the connection's role is allowed to see. Works before the migrations too (the Fleet roles
 * and tables may not exist yet), so that the start can refuse an unsafe role before it changes
 * anything. Membership is followed through every level of `pg_auth_members`, as privileges are.
 */
export async function databaseRole(db: FleetDatabase): Promise<DatabaseRole> {
  const result = await db.execute<{
    name: string;
    superuser: boolean;
    bypass: boolean;
    search_reader: boolean;
    app_member: boolean;
    owns_tables: boolean;
  }>(sql`
    with recursive granted(oid) as (
      select roleid from pg_auth_members
        where member = (select oid from pg_roles where rolname = current_user)
      union
      select m.roleid from pg_auth_members m join granted g on m.member = g.oid
    )
    select r.rolname as name, r.rolsuper as superuser, r.rolbypassrls as bypass,
      exists (select 1 from granted g join pg_roles f on f.oid = g.oid
        where f.rolname = ${SEARCH_READER_ROLE}) as search_reader,
      exists (select 1 from granted g join pg_roles f on f.oid = g.oid
        where f.rolname = ${APP_ROLE}) as app_member,
      coalesce((select c.relowner = r.oid from pg_class c
        where c.oid = to_regclass('public.wallets')), false) as owns_tables
    from pg_roles r where r.rolname = current_user`);
  const row = result.rows[0];
  return {
    name: row?.name ?? 'unknown',
    superuser: row?.superuser ?? false,
    bypassRls: row?.bypass ?? false,
    searchReader: row?.search_reader ?? false,
    appMember: row?.app_member ?? false,
    ownsTables: row?.owns_tables ?? false,
  };
}
