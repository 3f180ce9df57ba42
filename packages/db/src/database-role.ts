import { sql } from 'drizzle-orm';
import type { FleetDatabase } from './connection';

export interface DatabaseRole {
  readonly name: string;
  /** Either of these lets the role read through row-level security. */
  readonly superuser: boolean;
  readonly bypassRls: boolean;
}

export async function databaseRole(db: FleetDatabase): Promise<DatabaseRole> {
  const result = await db.execute<{ name: string; superuser: boolean; bypass: boolean }>(
    sql`select rolname as name, rolsuper as superuser, rolbypassrls as bypass from pg_roles where rolname = current_user`,
  );
  const row = result.rows[0];
  return {
    name: row?.name ?? 'unknown',
    superuser: row?.superuser ?? false,
    bypassRls: row?.bypass ?? false,
  };
}
