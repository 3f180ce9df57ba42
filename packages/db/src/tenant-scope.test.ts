import { isFleetError } from '@fleet/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterWalletHistory, masterWallets, tenants } from './schema';
import { withTenant } from './tenant-scope';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing';

describe.each(testDatabaseKinds)('row-level security on %s', (kind) => {
  let database: TestDatabase;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db.insert(tenants).values([{}, {}]).returning({ id: tenants.id });
    [tenantA, tenantB] = rows.map((row) => row.id) as [string, string];
    for (const [tenantId, address] of [
      [tenantA, 'AddressOfA'],
      [tenantB, 'AddressOfB'],
    ] as const) {
      await withTenant(database.db, tenantId, (tx) =>
        tx.insert(masterWallets).values({
          tenantId,
          publicAddress: address,
          encryptedKey: new Uint8Array([1, 2, 3]),
          keyAlgorithm: 'test',
          dataKeyVersion: 1,
        }),
      );
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it("shows a tenant only its own rows, even when the query asks for another's", async () => {
    const seenByA = await withTenant(database.db, tenantA, (tx) => tx.select().from(masterWallets));
    expect(seenByA.map((row) => row.publicAddress)).toEqual(['AddressOfA']);
    const askedForB = await withTenant(database.db, tenantA, (tx) =>
      tx.select().from(masterWallets).where(eq(masterWallets.tenantId, tenantB)),
    );
    expect(askedForB).toEqual([]);
  });

  it("refuses to write a row into another tenant's space", async () => {
    await expect(
      withTenant(database.db, tenantA, (tx) =>
        tx
          .insert(masterWalletHistory)
          .values({ tenantId: tenantB, action: 'set', newAddress: 'X' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(database.db, tenantA, (tx) =>
      tx
        .update(masterWallets)
        .set({ publicAddress: 'Hijacked' })
        .where(eq(masterWallets.tenantId, tenantB))
        .returning(),
    );
    expect(updated).toEqual([]);
  });

  it('sees nothing when the tenant setting is absent, even through the tenant role', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role fleet_tenant`);
      return tx.select().from(masterWallets);
    });
    expect(rows).toEqual([]);
  });

  it('refuses to run without a tenant, with the spec message', async () => {
    for (const missing of [undefined, null, '', 'not-a-uuid']) {
      const attempt = withTenant(database.db, missing, (tx) => tx.select().from(masterWallets));
      await expect(attempt).rejects.toSatisfy(
        (error: unknown) =>
          isFleetError(error, 'TENANT_REQUIRED') &&
          error.message ===
            'Cannot insert wallet data: Missing license key - tenant isolation required',
      );
    }
  });

  it('leaves the connection as it was after the transaction', async () => {
    await withTenant(database.db, tenantA, (tx) => tx.select().from(masterWallets));
    const result = await database.db.execute<{ role: string; tenant: string | null }>(
      sql`select current_user as role, nullif(current_setting('app.tenant_id', true), '') as tenant`,
    );
    expect(result.rows[0]?.role).not.toBe('fleet_tenant');
    expect(result.rows[0]?.tenant ?? null).toBeNull();
  });
});
