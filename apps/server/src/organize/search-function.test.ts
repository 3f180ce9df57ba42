import { withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { insertWallets } from './organize-fixtures';

/**
 * fleet_search_wallets (migration 0007) reads wallets past row-level security so that it can use
 * the trigram indexes; these tests hold it to the same wall the policies build.
 */
describe.each(testDatabaseKinds)('the wallet search function on %s', (kind) => {
  let harness: TestApp;
  let tenantA: Operator;
  let tenantB: Operator;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    tenantA = await createOperator(harness.app, 'fn-a@example.com');
    tenantB = await createOperator(harness.app, 'fn-b@example.com');
    await insertWallets(harness.database.db, tenantA.tenantId, [{ name: 'shared word A' }]);
    await insertWallets(harness.database.db, tenantB.tenantId, [
      { name: 'shared word B' },
      { name: 'shared word archived', archived: true },
    ]);
  });
  afterAll(async () => {
    await harness.close();
  });

  const searchAs = (tenantId: string) =>
    withTenant(harness.database.db, tenantId, (tx) =>
      tx.execute<{ name: string }>(
        sql`select name from fleet_search_wallets('%shared word%', 'shared word%', 50)`,
      ),
    );

  it('returns only the bound tenant’s active wallets', async () => {
    expect((await searchAs(tenantA.tenantId)).rows.map((row) => row.name)).toEqual([
      'shared word A',
    ]);
    expect((await searchAs(tenantB.tenantId)).rows.map((row) => row.name)).toEqual([
      'shared word B',
    ]);
  });

  it('returns nothing when no tenant is bound', async () => {
    const rows = await harness.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role fleet_tenant'));
      return tx.execute(sql`select * from fleet_search_wallets('%shared%', 'shared%', 50)`);
    });
    expect(rows.rows).toEqual([]);
  });

  it('gives the search role no read of the sealed keys', async () => {
    const failure: unknown = await harness.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw('set local role fleet_search'));
        return tx.execute(sql`select encrypted_key from wallets limit 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // Drizzle wraps the driver's error; the database's own words are in its cause.
    const cause = failure instanceof Error ? failure.cause : undefined;
    expect(String(cause)).toMatch(/permission denied/);
  });
});
