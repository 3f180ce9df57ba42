import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from './schema';
import { migrateDatabase } from './migrate';
import { pingDatabase } from './ping';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing';

describe.each(testDatabaseKinds)('migrations on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates the schema the server pings', async () => {
    await expect(pingDatabase(database.db)).resolves.toBeUndefined();
    expect(database.kind).toBe(kind);
  });

  it('can run again without changing anything', async () => {
    await database.db.insert(appMeta).values({ key: 'probe', value: { n: 1 } });
    await migrateDatabase(database);
    await migrateDatabase(database);
    const rows = await database.db.select().from(appMeta);
    expect(rows).toEqual([expect.objectContaining({ key: 'probe', value: { n: 1 } })]);
  });

  it('runs safely from several callers at once', async () => {
    await Promise.all([
      migrateDatabase(database),
      migrateDatabase(database),
      migrateDatabase(database),
    ]);
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from app_meta`,
    );
    expect(result.rows[0]).toEqual({ n: 1 });
  });
});

describe.each(testDatabaseKinds)('test databases on %s', (kind) => {
  it('are isolated from each other', async () => {
    const [first, second] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
    try {
      await first.db.insert(appMeta).values({ key: 'only-in-first', value: true });
      expect(await second.db.select().from(appMeta)).toEqual([]);
      expect(await first.db.select().from(appMeta)).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
