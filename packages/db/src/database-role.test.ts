import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
      await tx.execute(sql`set local role fleet_tenant`);
      return databaseRole(tx);
    });
    expect(role).toEqual({
      name: 'fleet_tenant',
      superuser: false,
      bypassRls: false,
      searchReader: false,
      appMember: false,
      ownsTables: false,
    });
  });

  it('finds the search reader and fleet_app through any depth of membership', async () => {
    const suffix = randomBytes(4).toString('hex');
    const [login, middle] = [`fleet_test_login_${suffix}`, `fleet_test_middle_${suffix}`];
    await database.db.execute(sql.raw(`create role ${middle} nologin`));
    await database.db.execute(sql.raw(`create role ${login} nologin`));
    try {
      await database.db.execute(sql.raw(`grant fleet_search to ${middle}`));
      await database.db.execute(sql.raw(`grant fleet_app to ${middle}`));
      await database.db.execute(sql.raw(`grant ${middle} to ${login}`));
      const role = await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${login}`));
        return databaseRole(tx);
      });
      expect(role).toMatchObject({ name: login, searchReader: true, appMember: true });
    } finally {
      await database.db.execute(sql.raw(`drop role ${login}`));
      await database.db.execute(sql.raw(`drop role ${middle}`));
    }
  });
});
