import { sql } from 'drizzle-orm';
import type { FleetDatabase } from './connection';

/** Proves a round trip to the database and that the migrated schema is present. */
export async function pingDatabase(db: FleetDatabase): Promise<void> {
  await db.execute(sql`select 1 from app_meta limit 1`);
}
