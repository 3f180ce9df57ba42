import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRole } from './database-role';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing';

describe.each(testDatabaseKinds)('the database role check on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('reports that the test connection is a superuser that could read across tenants', async () => {
    const role = await databaseRole(database.db);
    expect(role.name).toBe('postgres');
    expect(role.superuser).toBe(true);
  });

  it('reports an ordinary role as safe', async () => {
    const role = await database.db.transaction(async (tx) => {
      await tx.execute((await import('drizzle-orm')).sql`set local role fleet_tenant`);
      return databaseRole(tx);
    });
    expect(role).toEqual({ name: 'fleet_tenant', superuser: false, bypassRls: false });
  });
});
