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
  upsertTokenAccounts,
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

  it('keeps rows from a newer slot: the wallet, a token row another write claims, a dropped account', async () => {
    const [first, second] = await create(tenant(0), 2);
    const a = first?.id ?? '';
    const b = second?.id ?? '';
    const token = (account: string, amount: bigint) => ({
      account,
      mint: 'mint-s',
      program: 'token',
      amount,
      decimals: 0,
      lamports: 2_039_280n,
      frozen: false,
      withheldAmount: 0n,
    });
    let writes = 0;
    const write = (
      walletId: string,
      lamports: bigint,
      slot: bigint | null,
      tokens: ReturnType<typeof token>[],
      dropped: string[] = [],
    ) =>
      withTenant(database.db, tenant(0), (tx) =>
        writeRefreshedBalances(
          tx,
          tenant(0),
          [{ walletId, lamports, tokens, droppedTokenAccounts: dropped, scannedSlot: slot }],
          // Each write later in time than the one before: only the slot can refuse it.
          new Date(10_000 + (writes += 1)),
        ),
      );
    const state = () =>
      withTenant(database.db, tenant(0), async (tx) => {
        const wallets = await tx
          .select({
            id: schema.wallets.id,
            lamports: schema.wallets.lamports,
            slot: schema.wallets.scannedSlot,
          })
          .from(schema.wallets)
          .where(eq(schema.wallets.id, a));
        const tokens = await tx
          .select({
            account: schema.walletTokenAccounts.tokenAccount,
            wallet: schema.walletTokenAccounts.walletId,
            amount: schema.walletTokenAccounts.amount,
            slot: schema.walletTokenAccounts.scannedSlot,
          })
          .from(schema.walletTokenAccounts)
          .where(eq(schema.walletTokenAccounts.mint, 'mint-s'))
          .orderBy(schema.walletTokenAccounts.tokenAccount);
        return { wallet: wallets[0], tokens };
      });

    expect(await write(a, 10n, 100n, [token('s-1', 5n), token('s-2', 6n)])).toMatchObject({
      written: 1,
      keptNewer: 0,
    });
    // Wallet a at an older slot: refused whole, its token rows untouched.
    expect(await write(a, 11n, 99n, [token('s-1', 50n)], ['s-2'])).toEqual({
      written: 0,
      writtenIds: new Set(),
      keptNewer: 1,
    });
    expect(await state()).toEqual({
      wallet: { id: a, lamports: 10n, slot: 100n },
      tokens: [
        { account: 's-1', wallet: a, amount: '5', slot: 100n },
        { account: 's-2', wallet: a, amount: '6', slot: 100n },
      ],
    });
    // Wallet b (never scanned) claims s-1 from an older slot: b is written, s-1 stays a's.
    expect(await write(b, 12n, 90n, [token('s-1', 70n)])).toEqual({
      written: 1,
      writtenIds: new Set([b]),
      keptNewer: 0,
    });
    expect((await state()).tokens[0]).toEqual({
      account: 's-1',
      wallet: a,
      amount: '5',
      slot: 100n,
    });

    // s-2 rewritten from slot 300 (as an operation's read-back might), then a's refresh at 200
    // finds it gone: the row from the newer slot stays.
    await withTenant(database.db, tenant(0), (tx) =>
      upsertTokenAccounts(
        tx,
        tenant(0),
        [
          {
            walletId: a,
            scannedAt: new Date(50_000),
            scannedSlot: 300n,
            tokens: [token('s-2', 8n)],
          },
        ],
        { onlyNewer: true },
      ),
    );
    expect(await write(a, 13n, 200n, [token('s-1', 9n)], ['s-2'])).toMatchObject({
      written: 1,
      keptNewer: 0,
    });
    expect(await state()).toEqual({
      wallet: { id: a, lamports: 13n, slot: 200n },
      tokens: [
        { account: 's-1', wallet: a, amount: '9', slot: 200n },
        { account: 's-2', wallet: a, amount: '8', slot: 300n },
      ],
    });
    // At a newer slot still, the drop goes through.
    await write(a, 14n, 400n, [token('s-1', 9n)], ['s-2']);
    expect((await state()).tokens.map((t) => t.account)).toEqual(['s-1']);
  });
});
