import { FleetError } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../../testing/keypairs';
import {
  insertWallets,
  lockWallets,
  replaceScannedBalances,
  requireActiveWallets,
  setArchivedAt,
  writeRefreshedBalances,
  type NewWallet,
} from '.';

describe.each(testDatabaseKinds)('the wallet repository on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}])
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  const tenant = (index: number) => tenants[index] ?? '';
  const newWallet = (tenantId: string): NewWallet => ({
    tenantId,
    publicAddress: newTestKeypair().address,
    encryptedKey: new Uint8Array([1, 2, 3]),
    keyAlgorithm: 'test',
    dataKeyVersion: 1,
    sourceKind: 'manual',
  });
  const create = (tenantId: string, count: number) =>
    withTenant(database.db, tenantId, (tx) =>
      insertWallets(
        tx,
        Array.from({ length: count }, () => newWallet(tenantId)),
      ),
    );

  it("locks only the bound tenant's wallets in the asked state, or refuses them all", async () => {
    const mine = await create(tenant(0), 2);
    const theirs = await create(tenant(1), 1);
    const ids = mine.map((wallet) => wallet.id);

    const locked = await withTenant(database.db, tenant(0), (tx) =>
      lockWallets(tx, [...ids, ...ids], 'active'),
    );
    expect(locked.map((row) => row.id).sort()).toEqual([...ids].sort());

    const foreign = withTenant(database.db, tenant(0), (tx) =>
      lockWallets(tx, [...ids, theirs[0]?.id ?? ''], 'active'),
    );
    await expect(foreign).rejects.toThrow(FleetError);
    await expect(foreign).rejects.toThrow('1 of 3 wallets not found among active wallets');
    await expect(
      withTenant(database.db, tenant(0), (tx) => requireActiveWallets(tx, [theirs[0]?.id ?? ''])),
    ).rejects.toThrow(`Wallet not found: ${theirs[0]?.id ?? ''}`);

    await withTenant(database.db, tenant(0), (tx) => setArchivedAt(tx, ids, new Date()));
    await expect(
      withTenant(database.db, tenant(0), (tx) => lockWallets(tx, ids, 'archived')),
    ).resolves.toHaveLength(2);
    await expect(
      withTenant(database.db, tenant(0), (tx) =>
        requireActiveWallets(tx, ids, { includeArchived: true }),
      ),
    ).resolves.toHaveLength(2);
  });

  it('moves refreshed balances only forward in scan time, and an import replaces them', async () => {
    const [wallet] = await create(tenant(0), 1);
    const walletId = wallet?.id ?? '';
    const token = (amount: bigint) => ({
      account: 'account-1',
      mint: 'mint-1',
      program: 'program-1',
      amount,
      decimals: 6,
      lamports: 2_039_280n,
      frozen: false,
      withheldAmount: 0n,
    });
    const refresh = (lamports: bigint, amount: bigint, at: Date) =>
      withTenant(database.db, tenant(0), (tx) =>
        writeRefreshedBalances(
          tx,
          tenant(0),
          [{ walletId, lamports, tokens: [token(amount)], droppedTokenAccounts: [] }],
          at,
        ),
      );
    const read = () =>
      withTenant(database.db, tenant(0), async (tx) => {
        const [row] = await tx.select().from(schema.wallets).where(eq(schema.wallets.id, walletId));
        const accounts = await tx
          .select()
          .from(schema.walletTokenAccounts)
          .where(eq(schema.walletTokenAccounts.walletId, walletId));
        return { lamports: row?.lamports, amounts: accounts.map((account) => account.amount) };
      });

    await refresh(10n, 1n, new Date(2_000));
    await refresh(5n, 9n, new Date(1_000));
    expect(await read()).toEqual({ lamports: 10n, amounts: ['1'] });
    const state = await withTenant(database.db, tenant(0), (tx) =>
      tx
        .select({
          lamports: schema.walletTokenAccounts.lamports,
          frozen: schema.walletTokenAccounts.frozen,
          withheld: schema.walletTokenAccounts.withheldAmount,
        })
        .from(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.walletId, walletId)),
    );
    expect(state).toEqual([{ lamports: '2039280', frozen: false, withheld: '0' }]);

    await withTenant(database.db, tenant(0), (tx) =>
      replaceScannedBalances(tx, tenant(0), [
        { walletId, lamports: 7n, tokens: [], scannedAt: new Date(500) },
      ]),
    );
    expect(await read()).toEqual({ lamports: 7n, amounts: [] });
  });
});
