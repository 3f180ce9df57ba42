import { randomBytes } from 'node:crypto';
import { isFleetError } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrapDataKey } from './data-key-wrap';
import { kekFromBytes } from './kek';
import { createKeyVault, type KeyVault } from './key-vault';
import { rotateKek, type RotateKekProgress } from './rotate-kek';
import { createTestWallet, type TestWallet } from './test-wallets';
import { isVaultFailure } from './vault-error';

const { tenants, tenantDataKeys, masterWallets } = schema;

describe.each(testDatabaseKinds)('rotating the KEK on %s', (kind) => {
  let database: TestDatabase;
  const firstKek = kekFromBytes(randomBytes(32));
  const secondKek = kekFromBytes(randomBytes(32));
  const thirdKek = kekFromBytes(randomBytes(32));
  const wallets = new Map<string, TestWallet>();
  let tenantIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(tenants)
      .values([{}, {}, {}, {}])
      .returning({ id: tenants.id });
    tenantIds = rows.map((row) => row.id);
    const vault = createKeyVault({ kek: firstKek });
    // Three tenants with a master wallet; the fourth has never stored a key.
    for (const tenantId of tenantIds.slice(0, 3)) {
      const wallet = createTestWallet();
      wallets.set(tenantId, wallet);
      await withTenant(database.db, tenantId, async (tx) => {
        const sealed = await vault.encryptSecretKey(tx, { tenantId, ...wallet });
        await tx.insert(masterWallets).values({
          tenantId,
          publicAddress: wallet.address,
          encryptedKey: sealed.ciphertext,
          keyAlgorithm: sealed.algorithm,
          dataKeyVersion: sealed.dataKeyVersion,
        });
      });
    }
  });
  afterAll(async () => {
    await database.close();
  });

  async function snapshot() {
    const dataKeys: (typeof tenantDataKeys.$inferSelect)[] = [];
    const secrets: (typeof masterWallets.$inferSelect)[] = [];
    for (const tenantId of tenantIds) {
      await withTenant(database.db, tenantId, async (tx) => {
        dataKeys.push(
          ...(await tx.select().from(tenantDataKeys).orderBy(asc(tenantDataKeys.version))),
        );
        secrets.push(...(await tx.select().from(masterWallets)));
      });
    }
    return { dataKeys, secrets };
  }

  async function decryptAll(vault: KeyVault): Promise<void> {
    for (const [tenantId, wallet] of wallets) {
      const secretKey = await withTenant(database.db, tenantId, async (tx) => {
        const [row] = await tx.select().from(masterWallets);
        if (row === undefined) throw new Error('master wallet missing');
        return vault.decryptSecretKey(tx, {
          tenantId,
          address: row.publicAddress,
          ciphertext: row.encryptedKey,
          algorithm: row.keyAlgorithm,
          dataKeyVersion: row.dataKeyVersion,
        });
      });
      expect(secretKey).toEqual(wallet.secretKey);
    }
  }

  async function kekIds(): Promise<string[]> {
    return (await snapshot()).dataKeys.map((row) => row.kekId);
  }

  it('re-wraps every data key, leaves secret ciphertexts alone, and old rows decrypt under the new KEK', async () => {
    const before = await snapshot();
    const result = await rotateKek({ db: database.db, from: [firstKek], to: secondKek });
    expect(result).toEqual({ tenants: 4, rewrapped: 3, alreadyCurrent: 0 });
    const after = await snapshot();
    expect(after.secrets).toEqual(before.secrets);
    expect(after.dataKeys.map((row) => row.kekId)).toEqual([
      secondKek.id,
      secondKek.id,
      secondKek.id,
    ]);
    for (const row of after.dataKeys) expect(row.rewrappedAt).toBeInstanceOf(Date);
    await decryptAll(createKeyVault({ kek: secondKek }));
  });

  it('leaves the old KEK unable to open anything', async () => {
    const { dataKeys } = await snapshot();
    for (const row of dataKeys) {
      // Even told the row is its own, the old KEK cannot open the re-wrapped key.
      expect(unwrapDataKey(firstKek, row, row.wrappedKey)).toBeUndefined();
      expect(unwrapDataKey(secondKek, row, row.wrappedKey)).toHaveLength(32);
    }
    const [tenantId, wallet] = [...wallets][0] as [string, TestWallet];
    const oldVault = createKeyVault({ kek: firstKek });
    const attempt = withTenant(database.db, tenantId, async (tx) => {
      const [row] = await tx.select().from(masterWallets);
      if (row === undefined) throw new Error('master wallet missing');
      return oldVault.decryptSecretKey(tx, {
        tenantId,
        address: wallet.address,
        ciphertext: row.encryptedKey,
        algorithm: row.keyAlgorithm,
        dataKeyVersion: row.dataKeyVersion,
      });
    });
    await expect(attempt).rejects.toSatisfy((error: unknown) =>
      isVaultFailure(error, 'unknown-kek'),
    );
  });

  it('does nothing when run again after finishing', async () => {
    const before = await snapshot();
    const result = await rotateKek({ db: database.db, from: [firstKek], to: secondKek });
    expect(result).toEqual({ tenants: 4, rewrapped: 0, alreadyCurrent: 3 });
    expect(await snapshot()).toEqual(before);
  });

  it('finishes an interrupted rotation when run again', async () => {
    const interruption = new Error('the operator pressed Ctrl-C');
    const seen: RotateKekProgress[] = [];
    await expect(
      rotateKek({
        db: database.db,
        from: [secondKek],
        to: thirdKek,
        onProgress: (progress) => {
          seen.push(progress);
          if (progress.rewrapped === 1) throw interruption;
        },
      }),
    ).rejects.toBe(interruption);
    const midway = await kekIds();
    expect(midway.filter((id) => id === thirdKek.id)).toHaveLength(1);
    expect(midway.filter((id) => id === secondKek.id)).toHaveLength(2);
    expect(seen.at(-1)).toMatchObject({ rewrapped: 1, tenantsTotal: 4 });

    // Halfway through, a server holding the new KEK and the previous one reads every row.
    await decryptAll(createKeyVault({ kek: thirdKek, previousKeks: [secondKek] }));

    const resumed = await rotateKek({ db: database.db, from: [secondKek], to: thirdKek });
    expect(resumed).toEqual({ tenants: 4, rewrapped: 2, alreadyCurrent: 1 });
    expect(await kekIds()).toEqual([thirdKek.id, thirdKek.id, thirdKek.id]);
    await decryptAll(createKeyVault({ kek: thirdKek }));
  });

  it('stops without changing a tenant whose data key is under a KEK it was not given', async () => {
    const before = await snapshot();
    const unknown = kekFromBytes(randomBytes(32));
    await expect(rotateKek({ db: database.db, from: [unknown], to: firstKek })).rejects.toSatisfy(
      (error: unknown) =>
        isFleetError(error, 'VAULT__KEK_NOT_GIVEN') && error.message.includes(`KEK ${thirdKek.id}`),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a data key relabelled with another KEK, without changing anything', async () => {
    const stranger = kekFromBytes(randomBytes(32));
    const relabel = async (kekId: string) => {
      for (const tenantId of tenantIds) {
        await withTenant(database.db, tenantId, (tx) =>
          tx.update(tenantDataKeys).set({ kekId }).where(eq(tenantDataKeys.tenantId, tenantId)),
        );
      }
    };
    await relabel(stranger.id);
    try {
      const before = await snapshot();
      await expect(rotateKek({ db: database.db, from: [stranger], to: firstKek })).rejects.toThrow(
        `does not open under KEK ${stranger.id}`,
      );
      expect(await snapshot()).toEqual(before);
    } finally {
      await relabel(thirdKek.id);
    }
  });

  it('lets a vault with the new KEK create new data keys while older ones still wait', async () => {
    const tenantId = tenantIds[3] as string;
    const vault = createKeyVault({ kek: firstKek, previousKeks: [thirdKek] });
    const wallet = createTestWallet();
    const sealed = await withTenant(database.db, tenantId, (tx) =>
      vault.encryptSecretKey(tx, { tenantId, ...wallet }),
    );
    expect((await kekIds()).sort()).toEqual(
      [firstKek.id, thirdKek.id, thirdKek.id, thirdKek.id].sort(),
    );
    const result = await rotateKek({ db: database.db, from: [thirdKek], to: firstKek });
    expect(result).toEqual({ tenants: 4, rewrapped: 3, alreadyCurrent: 1 });
    const secretKey = await withTenant(database.db, tenantId, (tx) =>
      createKeyVault({ kek: firstKek }).decryptSecretKey(tx, {
        tenantId,
        address: wallet.address,
        ...sealed,
      }),
    );
    expect(secretKey).toEqual(wallet.secretKey);
  });
});
