import { randomBytes } from 'node:crypto';
import { encodeBase58, isFleetError } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kekFromBytes } from './kek';
import { httpStatusOf } from '../http/error-status';
import { createKeyVault, SECRET_KEY_ALGORITHM, type EncryptedSecretKey } from './key-vault';
import { createTestWallet, type TestWallet } from './test-wallets';
import {
  isVaultFailure,
  VAULT_FAILURE_MESSAGE,
  VAULT_SEAL_FAILURE_MESSAGE,
  type VaultFailureReason,
} from './vault-error';

const { tenants, tenantDataKeys } = schema;

describe.each(testDatabaseKinds)('the key vault on %s', (kind) => {
  let database: TestDatabase;
  const kek = kekFromBytes(randomBytes(32));
  const vault = createKeyVault({ kek });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  async function newTenant(): Promise<string> {
    const [row] = await database.db.insert(tenants).values({}).returning({ id: tenants.id });
    if (row === undefined) throw new Error('tenant insert returned nothing');
    return row.id;
  }

  function encrypt(tenantId: string, wallet: TestWallet, using = vault) {
    return withTenant(database.db, tenantId, (tx) =>
      using.encryptSecretKey(tx, { tenantId, ...wallet }),
    );
  }

  function decrypt(
    tenantId: string,
    address: string,
    stored:
      EncryptedSecretKey | { ciphertext: Uint8Array; algorithm: string; dataKeyVersion: number },
    using = vault,
  ) {
    return withTenant(database.db, tenantId, (tx) =>
      using.decryptSecretKey(tx, { tenantId, address, ...stored }),
    );
  }

  async function expectVaultFailure(attempt: Promise<unknown>, reason: VaultFailureReason) {
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) => isVaultFailure(error, reason) && httpStatusOf(error) === 500,
    );
  }

  async function dataKeyRows(tenantId: string) {
    return withTenant(database.db, tenantId, (tx) =>
      tx.select().from(tenantDataKeys).where(eq(tenantDataKeys.tenantId, tenantId)),
    );
  }

  it('decrypts what it encrypted, for the same tenant and address', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    expect(stored.algorithm).toBe(SECRET_KEY_ALGORITHM);
    expect(stored.dataKeyVersion).toBe(1);
    expect(stored.ciphertext).toHaveLength(12 + 64 + 16);
    expect(await decrypt(tenantId, wallet.address, stored)).toEqual(wallet.secretKey);
    // A vault with an empty cache (another process, or after a restart) reads the same data key.
    const restarted = createKeyVault({ kek });
    expect(await decrypt(tenantId, wallet.address, stored, restarted)).toEqual(wallet.secretKey);
  });

  it('creates one data key per tenant on first use, wrapped by the KEK, and reuses it', async () => {
    const tenantId = await newTenant();
    expect(await dataKeyRows(tenantId)).toEqual([]);
    const first = await encrypt(tenantId, createTestWallet());
    const second = await encrypt(tenantId, createTestWallet(), createKeyVault({ kek }));
    expect([first.dataKeyVersion, second.dataKeyVersion]).toEqual([1, 1]);
    const rows = await dataKeyRows(tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, kekId: kek.id, algorithm: 'aes-256-gcm/v1' });
    expect(rows[0]?.wrappedKey).toHaveLength(12 + 32 + 16);
  });

  it('seals the same key differently each time', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const a = await encrypt(tenantId, wallet);
    const b = await encrypt(tenantId, wallet);
    expect(Buffer.from(a.ciphertext).equals(Buffer.from(b.ciphertext))).toBe(false);
  });

  it('refuses to encrypt a secret key under an address it does not belong to', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const other = createTestWallet();
    await expect(encrypt(tenantId, { ...wallet, address: other.address })).rejects.toThrow(
      'The private key does not belong to this address',
    );
    const corrupted = Uint8Array.from(wallet.secretKey);
    corrupted[40] = (corrupted[40] ?? 0) ^ 1;
    await expect(encrypt(tenantId, { ...wallet, secretKey: corrupted })).rejects.toThrow(
      'The private key does not belong to this address',
    );
  });

  it('fails closed when two wallets of one tenant swap ciphertexts', async () => {
    const tenantId = await newTenant();
    const first = createTestWallet();
    const second = createTestWallet();
    const firstStored = await encrypt(tenantId, first);
    const secondStored = await encrypt(tenantId, second);
    await expectVaultFailure(
      decrypt(tenantId, first.address, secondStored),
      'authentication-failed',
    );
    await expectVaultFailure(
      decrypt(tenantId, second.address, firstStored),
      'authentication-failed',
    );
  });

  it('fails closed when a ciphertext is moved to another tenant', async () => {
    const owner = await newTenant();
    const intruder = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(owner, wallet);
    // The other tenant has a data key of its own, and one without any key yet.
    await encrypt(intruder, createTestWallet());
    await expectVaultFailure(decrypt(intruder, wallet.address, stored), 'authentication-failed');
    await expectVaultFailure(
      decrypt(await newTenant(), wallet.address, stored),
      'data-key-missing',
    );
  });

  it('fails closed when any single bit of a ciphertext is flipped', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    // Nonce, body and tag alike, bit by bit.
    for (let bit = 0; bit < stored.ciphertext.length * 8; bit += 7) {
      const tampered = Uint8Array.from(stored.ciphertext);
      tampered[bit >> 3] = (tampered[bit >> 3] ?? 0) ^ (1 << (bit & 7));
      await expectVaultFailure(
        decrypt(tenantId, wallet.address, { ...stored, ciphertext: tampered }),
        'authentication-failed',
      );
    }
    await expectVaultFailure(
      decrypt(tenantId, wallet.address, { ...stored, ciphertext: stored.ciphertext.subarray(1) }),
      'authentication-failed',
    );
  });

  it('fails closed when a bit of the stored data key is flipped, cached or not', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    const [row] = await dataKeyRows(tenantId);
    if (row === undefined) throw new Error('no data key stored');
    const tampered = Uint8Array.from(row.wrappedKey);
    tampered[20] = (tampered[20] ?? 0) ^ 0x10;
    await withTenant(database.db, tenantId, (tx) =>
      tx
        .update(tenantDataKeys)
        .set({ wrappedKey: tampered })
        .where(and(eq(tenantDataKeys.tenantId, tenantId), eq(tenantDataKeys.version, 1))),
    );
    // `vault` has this tenant's data key cached, yet the changed row must not open.
    await expectVaultFailure(decrypt(tenantId, wallet.address, stored), 'data-key-unwrap-failed');
    await expectVaultFailure(
      decrypt(tenantId, wallet.address, stored, createKeyVault({ kek })),
      'data-key-unwrap-failed',
    );
    await expect(encrypt(tenantId, createTestWallet())).rejects.toSatisfy(
      (error: unknown) =>
        isVaultFailure(error, 'data-key-unwrap-failed') &&
        error.message === VAULT_SEAL_FAILURE_MESSAGE,
    );
  });

  it('fails closed when a wrapped data key is copied to another tenant', async () => {
    const owner = await newTenant();
    const thief = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(owner, wallet);
    const [row] = await dataKeyRows(owner);
    if (row === undefined) throw new Error('no data key stored');
    await withTenant(database.db, thief, (tx) =>
      tx.insert(tenantDataKeys).values({ ...row, tenantId: thief }),
    );
    await expectVaultFailure(encrypt(thief, createTestWallet()), 'data-key-unwrap-failed');
    await expectVaultFailure(decrypt(thief, wallet.address, stored), 'data-key-unwrap-failed');
  });

  it('fails closed under a wrong KEK', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    const stranger = kekFromBytes(randomBytes(32));
    await expectVaultFailure(
      decrypt(tenantId, wallet.address, stored, createKeyVault({ kek: stranger })),
      'unknown-kek',
    );
    // Relabelling the row with the wrong KEK's id does not help: the id is bound, and the key wrong.
    await withTenant(database.db, tenantId, (tx) =>
      tx
        .update(tenantDataKeys)
        .set({ kekId: stranger.id })
        .where(eq(tenantDataKeys.tenantId, tenantId)),
    );
    await expectVaultFailure(
      decrypt(tenantId, wallet.address, stored, createKeyVault({ kek: stranger })),
      'data-key-unwrap-failed',
    );
  });

  it('refuses a hand-built KEK whose id is not its own', () => {
    expect(() => createKeyVault({ kek: { id: kek.id, key: randomBytes(32) } })).toThrow(
      'does not match its id',
    );
    expect(() =>
      createKeyVault({ kek, previousKeks: [{ id: 'short', key: new Uint8Array(16) }] }),
    ).toThrow('must be 32 bytes');
  });

  it('fails closed on an unknown algorithm or a data key version that does not exist', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    for (const algorithm of ['', 'aes-256-gcm/v2', 'AES-256-GCM/V1', 'plaintext']) {
      await expectVaultFailure(
        decrypt(tenantId, wallet.address, { ...stored, algorithm }),
        'unknown-algorithm',
      );
    }
    await expectVaultFailure(
      decrypt(tenantId, wallet.address, { ...stored, dataKeyVersion: 2 }),
      'data-key-missing',
    );
    for (const dataKeyVersion of [0, -1, 1.5, Number.NaN]) {
      await expectVaultFailure(
        decrypt(tenantId, wallet.address, { ...stored, dataKeyVersion }),
        'malformed',
      );
    }
  });

  it('says nothing about the key in its errors', async () => {
    const tenantId = await newTenant();
    const wallet = createTestWallet();
    const other = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    const error: unknown = await decrypt(tenantId, other.address, stored).catch(
      (caught: unknown) => caught,
    );
    expect(isFleetError(error)).toBe(true);
    const text = JSON.stringify({ error, context: isFleetError(error) ? error.context : null });
    expect(isFleetError(error) && error.message).toBe(VAULT_FAILURE_MESSAGE);
    expect(text).not.toContain(encodeBase58(wallet.secretKey));
    expect(text).not.toContain(Buffer.from(wallet.secretKey).toString('hex'));
    expect(text).not.toContain(Buffer.from(stored.ciphertext).toString('hex'));
  });

  it("cannot use one tenant's transaction to seal or open another tenant's keys", async () => {
    const owner = await newTenant();
    const other = await newTenant();
    const wallet = createTestWallet();
    const stored = await encrypt(owner, wallet);
    await encrypt(other, createTestWallet());
    // Row-level security hides the other tenant's data key and refuses a new one in its name,
    // even after this vault has used the other tenant's key in another transaction.
    await expect(
      withTenant(database.db, owner, (tx) =>
        vault.encryptSecretKey(tx, { tenantId: other, ...createTestWallet() }),
      ),
    ).rejects.toThrow();
    await expectVaultFailure(
      withTenant(database.db, other, (tx) =>
        vault.decryptSecretKey(tx, { tenantId: owner, address: wallet.address, ...stored }),
      ),
      'data-key-missing',
    );
    expect(await dataKeyRows(other)).toHaveLength(1);
  });

  it('creates exactly one data key when first uses of a tenant race', async () => {
    const tenantId = await newTenant();
    // Separate vaults stand for separate server processes sharing one database.
    const vaults = Array.from({ length: 6 }, () => createKeyVault({ kek }));
    const wallets = vaults.map(() => createTestWallet());
    const stored = await Promise.all(
      vaults.map((each, index) => encrypt(tenantId, wallets[index] as TestWallet, each)),
    );
    expect(await dataKeyRows(tenantId)).toHaveLength(1);
    const fresh = createKeyVault({ kek });
    for (const [index, wallet] of wallets.entries()) {
      const sealed = stored[index] as EncryptedSecretKey;
      expect(await decrypt(tenantId, wallet.address, sealed, fresh)).toEqual(wallet.secretKey);
    }
  });

  it('never seals with a data key whose creation was rolled back', async () => {
    const tenantId = await newTenant();
    const abandoned = createTestWallet();
    await expect(
      withTenant(database.db, tenantId, async (tx) => {
        await vault.encryptSecretKey(tx, { tenantId, ...abandoned });
        throw new Error('the import failed after encrypting');
      }),
    ).rejects.toThrow('the import failed after encrypting');
    expect(await dataKeyRows(tenantId)).toEqual([]);
    const wallet = createTestWallet();
    const stored = await encrypt(tenantId, wallet);
    // Decrypting with a fresh vault proves the key used is the one in the database, not a cached
    // key from the rolled-back transaction.
    const restarted = createKeyVault({ kek });
    expect(await decrypt(tenantId, wallet.address, stored, restarted)).toEqual(wallet.secretKey);
  });

  it('encrypts many keys in one transaction with a single data key', async () => {
    const tenantId = await newTenant();
    const wallets = Array.from({ length: 200 }, () => createTestWallet());
    const stored = await withTenant(database.db, tenantId, async (tx) => {
      const sealed: EncryptedSecretKey[] = [];
      for (const wallet of wallets) {
        sealed.push(await vault.encryptSecretKey(tx, { tenantId, ...wallet }));
      }
      return sealed;
    });
    expect(await dataKeyRows(tenantId)).toHaveLength(1);
    const restarted = createKeyVault({ kek, cacheSize: 1 });
    await withTenant(database.db, tenantId, async (tx) => {
      for (const [index, wallet] of wallets.entries()) {
        const sealed = stored[index] as EncryptedSecretKey;
        const secretKey = await restarted.decryptSecretKey(tx, {
          tenantId,
          address: wallet.address,
          ...sealed,
        });
        expect(secretKey).toEqual(wallet.secretKey);
      }
    });
  });
});
