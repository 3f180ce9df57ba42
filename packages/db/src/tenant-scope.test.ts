import { isFleetError } from '@fleet/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importBatches,
  masterWalletHistory,
  masterWallets,
  seedGroups,
  tenants,
  walletTokenAccounts,
  wallets,
} from './schema';
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
          isFleetError(error, 'TENANT__REQUIRED') &&
          error.message ===
            'Cannot insert wallet data: Missing license key - tenant isolation required',
      );
    }
  });

  it('walls off the fleet tables too: wallets, token accounts, seed groups and import batches', async () => {
    const walletOf = async (tenantId: string, address: string) =>
      withTenant(database.db, tenantId, async (tx) => {
        const [batch] = await tx
          .insert(importBatches)
          .values({ tenantId, sourceKind: 'import' })
          .returning();
        const [group] = await tx
          .insert(seedGroups)
          .values({
            tenantId,
            seedFingerprint: `fp-${address}`,
            derivationScheme: 'bip44-change',
          })
          .returning();
        const [wallet] = await tx
          .insert(wallets)
          .values({
            tenantId,
            publicAddress: address,
            encryptedKey: new Uint8Array([9]),
            keyAlgorithm: 'test',
            dataKeyVersion: 1,
            sourceKind: 'import',
            importBatchId: batch?.id,
            seedGroupId: group?.id,
          })
          .returning();
        await tx.insert(walletTokenAccounts).values({
          tenantId,
          tokenAccount: `ta-${address}`,
          walletId: wallet?.id ?? '',
          mint: 'mint',
          program: 'token',
          amount: '18446744073709551615',
          decimals: 6,
        });
      });
    await walletOf(tenantA, 'WalletOfA');
    await walletOf(tenantB, 'WalletOfB');
    const seen = await withTenant(database.db, tenantA, async (tx) => ({
      wallets: (await tx.select().from(wallets)).map((row) => row.publicAddress),
      tokenAccounts: (await tx.select().from(walletTokenAccounts)).map((row) => [
        row.tokenAccount,
        row.amount,
      ]),
      seedGroups: (await tx.select().from(seedGroups)).length,
      batches: (await tx.select().from(importBatches)).length,
    }));
    expect(seen).toEqual({
      wallets: ['WalletOfA'],
      tokenAccounts: [['ta-WalletOfA', '18446744073709551615']],
      seedGroups: 1,
      batches: 1,
    });
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
