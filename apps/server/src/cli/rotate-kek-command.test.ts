import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  databaseLocationFor,
  migrateDatabase,
  openDatabase,
  schema,
  withTenant,
  type FleetDatabase,
} from '@fleet/db';
import {
  createTestDatabase,
  seedPgliteDataDir,
  testDatabaseKinds,
  type TestDatabase,
} from '@fleet/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv, type Env } from '../env';
import { holdServerVaultLock } from '../runtime/vault-lock';
import { createKeyVault, kekMismatch, parseKek, readKekUsage, type Kek } from '../vault';
import { createTestWallet, type TestWallet } from '../vault/test-wallets';
import { rotateKekCommand } from './rotate-kek-command';

const base64Of = () => randomBytes(32).toString('base64');

describe.each(testDatabaseKinds)('npm run fleet -- rotate-kek on %s', (kind) => {
  let dataDir: string;
  let env: Env;
  let postgres: TestDatabase | undefined;
  let oldKekBase64: string;
  let oldKek: Kek;
  const wallets = new Map<string, TestWallet>();
  const printed: string[] = [];
  const print = (line: string) => void printed.push(line);
  const secretsPath = () => join(dataDir, 'secrets.json');
  const secretsFile = () =>
    JSON.parse(readFileSync(secretsPath(), 'utf8')) as Record<string, unknown>;

  /** PGlite is opened only while the command is not running: one process, one data directory. */
  async function withDatabase<T>(work: (db: FleetDatabase) => Promise<T>): Promise<T> {
    if (postgres) return work(postgres.db);
    const handle = await openDatabase(databaseLocationFor(env));
    try {
      await migrateDatabase(handle);
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  async function addTenantSealedUnder(db: FleetDatabase, kek: Kek): Promise<void> {
    const [tenant] = await db.insert(schema.tenants).values({}).returning();
    const tenantId = tenant?.id ?? '';
    const wallet = createTestWallet();
    wallets.set(tenantId, wallet);
    await withTenant(db, tenantId, async (tx) => {
      const sealed = await createKeyVault({ kek }).encryptSecretKey(tx, { tenantId, ...wallet });
      await tx.insert(schema.masterWallets).values({
        tenantId,
        publicAddress: wallet.address,
        encryptedKey: sealed.ciphertext,
        keyAlgorithm: sealed.algorithm,
        dataKeyVersion: sealed.dataKeyVersion,
      });
    });
  }

  async function openEveryKey(keks: { kek: Kek; previousKeks: Kek[] }): Promise<number> {
    const vault = createKeyVault(keks);
    return withDatabase(async (db) => {
      let opened = 0;
      for (const [tenantId, wallet] of wallets) {
        const secretKey = await withTenant(db, tenantId, async (tx) => {
          const [row] = await tx.select().from(schema.masterWallets);
          if (!row) throw new Error('master wallet missing');
          return vault.decryptSecretKey(tx, {
            tenantId,
            address: row.publicAddress,
            ciphertext: row.encryptedKey,
            algorithm: row.keyAlgorithm,
            dataKeyVersion: row.dataKeyVersion,
          });
        });
        expect(secretKey).toEqual(wallet.secretKey);
        opened += 1;
      }
      return opened;
    });
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-rotate-'));
    // A new data directory, less PGlite's own initdb (~9.5 s of CPU per test).
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
    postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    env = loadEnv({
      FLEET_DATA_DIR: dataDir,
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    });
    oldKekBase64 = base64Of();
    oldKek = parseKek(oldKekBase64);
    writeFileSync(
      secretsPath(),
      JSON.stringify({ kek: oldKekBase64, adminToken: 'a'.repeat(40) }),
      {
        mode: 0o600,
      },
    );
    wallets.clear();
    printed.length = 0;
    await withDatabase(async (db) => {
      for (let index = 0; index < 3; index++) await addTenantSealedUnder(db, oldKek);
    });
  });
  afterEach(async () => {
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to run while a server uses the database, and changes no file', async () => {
    const before = readFileSync(secretsPath());
    const release = await holdLikeAServer();
    try {
      await expect(rotateKekCommand(env, [], print)).rejects.toThrow(
        kind === 'postgres'
          ? /stop every server first\. Nothing was changed/
          : /Another Fleet server/,
      );
    } finally {
      await release();
    }
    expect(readFileSync(secretsPath())).toEqual(before);
    expect(await readUsage()).toEqual(new Map([[oldKek.id, 3]]));
  });

  it('re-wraps every data key and then keeps only the new KEK', async () => {
    await rotateKekCommand(env, [], print);
    const file = secretsFile();
    expect(Object.keys(file).sort()).toEqual(['adminToken', 'kek']);
    const newKek = parseKek(String(file.kek));
    expect(newKek.id).not.toBe(oldKek.id);
    expect(await readUsage()).toEqual(new Map([[newKek.id, 3]]));
    expect(await openEveryKey({ kek: newKek, previousKeks: [] })).toBe(3);
    // A server still configured with the old KEK would now refuse to start.
    expect(kekMismatch(await readUsage(), oldKek, [])).toContain('does not match');
  });

  it('re-wraps a data key sealed under the old KEK while it ran, before dropping that KEK', async () => {
    let written = false;
    await rotateKekCommand(env, [], print, {
      onTenantDone: async (_progress, db) => {
        if (written) return;
        written = true;
        await addTenantSealedUnder(db, oldKek);
      },
    });
    const file = secretsFile();
    expect(file).not.toHaveProperty('previousKeks');
    const newKek = parseKek(String(file.kek));
    expect(await readUsage()).toEqual(new Map([[newKek.id, 4]]));
    expect(await openEveryKey({ kek: newKek, previousKeks: [] })).toBe(4);
  });

  it('keeps the old KEK in the secrets file while any data key still uses it', async () => {
    await rotateKekCommand(env, [], print, {
      // A writer that never stops: every pass ends with a fresh key under the old KEK.
      onTenantDone: async (progress, db) => {
        if (progress.tenantsDone === progress.tenantsTotal) await addTenantSealedUnder(db, oldKek);
      },
    });
    const file = secretsFile();
    expect(file.previousKeks).toEqual([oldKekBase64]);
    expect(file).not.toHaveProperty('pendingKek');
    const newKek = parseKek(String(file.kek));
    expect(kekMismatch(await readUsage(), newKek, [oldKek])).toBeUndefined();
    expect(await openEveryKey({ kek: newKek, previousKeks: [oldKek] })).toBe(wallets.size);
    expect(printed.join('\n')).toContain(`KEK(s) ${oldKek.id} still wrap data keys and are kept`);

    // The next run finishes the job and lets the old KEK go.
    await rotateKekCommand(env, [], print);
    const after = secretsFile();
    expect(after).not.toHaveProperty('previousKeks');
    expect([...(await readUsage()).keys()]).toEqual([parseKek(String(after.kek)).id]);
  });

  it('with FLEET_KEK from the environment, rotates only to the key it is given', async () => {
    const fromEnv = loadEnv({ ...envSource(), FLEET_KEK: oldKekBase64 });
    await expect(rotateKekCommand(fromEnv, [], print)).rejects.toThrow(/pass the new key/);
    const target = base64Of();
    await rotateKekCommand(fromEnv, ['--new-kek', target], print);
    expect(await readUsage()).toEqual(new Map([[parseKek(target).id, 3]]));
    expect(printed.join('\n')).toContain('Set FLEET_KEK to the new key before the next start');
  });

  function envSource(): Record<string, string> {
    return { FLEET_DATA_DIR: dataDir, ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}) };
  }

  function readUsage() {
    return withDatabase((db) => readKekUsage(db));
  }

  /** What a running server holds: the vault lock on Postgres, the data directory on PGlite. */
  async function holdLikeAServer(): Promise<() => Promise<void>> {
    if (postgres?.url) {
      const lock = await holdServerVaultLock({ kind: 'postgres', url: postgres.url });
      return () => lock?.release() ?? Promise.resolve();
    }
    // The data-directory lock names a live process other than this one.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    writeFileSync(join(dataDir, 'fleet.lock'), String(other.pid));
    return () => {
      other.kill('SIGKILL');
      rmSync(join(dataDir, 'fleet.lock'), { force: true });
      return Promise.resolve();
    };
  }
});
