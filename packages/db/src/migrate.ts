import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle, FleetSchema } from './connection';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any constant works; it only has to be the same for every Fleet process sharing one database.
const MIGRATION_LOCK_ID = 0x466c656574; // "Fleet"

/**
 * Applies the committed migrations. Idempotent: drizzle records what ran. On Postgres several
 * processes may start at once, so the work happens under a session-level advisory lock.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  // Tests of an upgrade stop at an earlier migration by passing a folder that ends there.
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  const config = { migrationsFolder };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<FleetSchema>, config);
    return;
  }
  await handle.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migrateNodePostgres(db as unknown as NodePgDatabase<FleetSchema>, config);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}
