import { performance } from 'node:perf_hooks';
import { isFleetError } from '@fleet/core';
import { schema, withTenant, type TenantDatabase } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumePlan, createOperation, savePlan } from '../ledger/ledger-repository';
import { newTestKeypair } from '../testing/keypairs';
import { createKeyVault, kekFromBytes } from '../vault';
import { generateWalletKeypair } from '../wallets/generate-keypair';
import { MIDDLEMAN_INSERT_CHUNK } from './middleman-repository';
import { createMiddlemanService, MAX_MIDDLEMEN_PER_CALL } from './middleman-service';

const T0 = new Date('2026-11-25T12:00:00.000Z');

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isFleetError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

/** What the database said when it refused (a trigger, a policy, a check), through the wrappers. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      messages.push(current.message);
    }
    return messages.join(' | ');
  }
  return 'no error';
}

describe.each(testDatabaseKinds)('middlemen on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];
  const vault = createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(9)) });
  /** Copies of the secret keys the service generated (it wipes its own once sealed). */
  const secrets = new Map<string, Uint8Array>();
  const service = createMiddlemanService({
    vault,
    now: () => T0,
    generateKeypair: () => {
      const pair = generateWalletKeypair();
      secrets.set(pair.address, pair.secretKey.slice());
      return pair;
    },
  });

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
  const inTenant = <T>(index: number, work: (tx: TenantDatabase) => Promise<T>): Promise<T> =>
    withTenant(database.db, tenant(index), work);
  const create = (index: number, count: number) =>
    inTenant(index, (tx) =>
      service.createMiddlemen(tx, { tenantId: tenant(index), count, createdBy: null }),
    );

  /** A two-hop operation of the tenant, as the execute step records it (items do not matter). */
  async function newOperation(index: number): Promise<string> {
    const plan = { middlemen: [newTestKeypair().address], lamports: '1000000' };
    return inTenant(index, async (tx) => {
      const planId = await savePlan(tx, tenant(index), {
        kind: 'sol.double_distribution',
        plan,
        createdBy: null,
        now: T0,
      });
      await consumePlan(tx, planId, T0);
      const operation = await createOperation(tx, {
        tenantId: tenant(index),
        kind: 'sol.double_distribution',
        createdBy: null,
        planId,
        parameters: {},
        items: [],
        now: T0,
      });
      return operation.id;
    });
  }

  it('stores fresh keypairs as wallets of the middleman source, keys sealed at rest', async () => {
    const made = await create(0, 3);
    expect(made).toHaveLength(3);
    expect(new Set(made.map((wallet) => wallet.address)).size).toBe(3);
    const rows = await inTenant(0, (tx) =>
      tx
        .select()
        .from(schema.wallets)
        .where(
          inArray(
            schema.wallets.id,
            made.map((wallet) => wallet.id),
          ),
        ),
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        sourceKind: 'middleman',
        lamports: 0n,
        importBatchId: null,
        seedGroupId: null,
        archivedAt: null,
      });
      const secret = secrets.get(row.publicAddress);
      if (!secret) throw new Error('the service used a keypair the test did not see');
      // Ciphertext: neither the key, nor its seed half, appears in the stored bytes.
      const stored = Buffer.from(row.encryptedKey);
      expect(stored.includes(Buffer.from(secret))).toBe(false);
      expect(stored.includes(Buffer.from(secret.subarray(0, 32)))).toBe(false);
      expect(stored.length).toBeGreaterThan(secret.length);
      // …and the vault opens it to the very key of the address.
      const opened = await inTenant(0, (tx) =>
        vault.decryptSecretKey(tx, {
          tenantId: tenant(0),
          address: row.publicAddress,
          ciphertext: row.encryptedKey,
          algorithm: row.keyAlgorithm,
          dataKeyVersion: row.dataKeyVersion,
        }),
      );
      expect(Buffer.from(opened).equals(Buffer.from(secret))).toBe(true);
    }
    const links = await inTenant(0, (tx) =>
      tx
        .select()
        .from(schema.middlemen)
        .where(
          inArray(
            schema.middlemen.walletId,
            made.map((wallet) => wallet.id),
          ),
        ),
    );
    expect(links.map((link) => link.operationId)).toEqual([null, null, null]);
  });

  it("hides a tenant's middlemen from another tenant, who can neither link nor claim them", async () => {
    const made = await create(0, 2);
    const ids = made.map((wallet) => wallet.id);
    const seen = await inTenant(1, async (tx) => ({
      middlemen: await tx
        .select()
        .from(schema.middlemen)
        .where(inArray(schema.middlemen.walletId, ids)),
      wallets: await tx.select().from(schema.wallets).where(inArray(schema.wallets.id, ids)),
    }));
    expect(seen).toEqual({ middlemen: [], wallets: [] });
    const theirOperation = await newOperation(1);
    expect(await codeOf(inTenant(1, (tx) => service.linkMiddlemen(tx, theirOperation, ids)))).toBe(
      'MIDDLEMAN__NOT_FOUND',
    );
    // Nor with a hand-written row naming the other tenant's wallet: the policy or the guard says no.
    const [first] = ids;
    expect(
      await refusal(
        inTenant(1, (tx) =>
          tx.insert(schema.middlemen).values({ walletId: first ?? '', tenantId: tenant(1) }),
        ),
      ),
    ).toMatch(/middleman|row-level security/i);
    // And another tenant's operation is not found for this tenant's middlemen.
    expect(await codeOf(inTenant(0, (tx) => service.linkMiddlemen(tx, theirOperation, ids)))).toBe(
      'OPERATION__NOT_FOUND',
    );
  });

  it('links each middleman to one operation for ever and refuses to use it again', async () => {
    const [a, b, c] = await create(0, 3);
    if (!a || !b || !c) throw new Error('three middlemen expected');
    const first = await newOperation(0);
    const second = await newOperation(0);
    await inTenant(0, (tx) => service.linkMiddlemen(tx, first, [a.id, b.id]));
    expect(await inTenant(0, (tx) => service.middlemenOf(tx, first))).toEqual(
      expect.arrayContaining([a, b]),
    );

    const attempt = (operationId: string, ids: string[]) =>
      codeOf(inTenant(0, (tx) => service.linkMiddlemen(tx, operationId, ids)));
    expect(await attempt(second, [a.id])).toBe('MIDDLEMAN__ALREADY_USED');
    expect(await attempt(first, [b.id])).toBe('MIDDLEMAN__ALREADY_USED');
    // All or nothing: c stays free when its batch names a used one.
    expect(await attempt(second, [c.id, a.id])).toBe('MIDDLEMAN__ALREADY_USED');
    // One middleman for two recipients is a reuse too.
    expect(await attempt(second, [c.id, c.id])).toBe('MIDDLEMAN__ALREADY_USED');
    expect(
      await codeOf(inTenant(0, (tx) => service.requireUnusedMiddlemen(tx, [a.id, c.id]))),
    ).toBe('MIDDLEMAN__ALREADY_USED');
    expect(await codeOf(inTenant(0, (tx) => service.requireUnusedMiddlemen(tx, [c.id])))).toBe(
      'no error',
    );
    await inTenant(0, (tx) => service.linkMiddlemen(tx, second, [c.id]));
    expect(await inTenant(0, (tx) => service.middlemenOf(tx, second))).toEqual([c]);

    // The database refuses what the service would: a link moved, undone, or its wallet changed.
    const update = (set: ReturnType<typeof sql>) =>
      refusal(
        inTenant(0, (tx) =>
          tx.execute(sql`update middlemen set ${set} where wallet_id = ${a.id}::uuid`),
        ),
      );
    expect(await update(sql`operation_id = ${second}::uuid`)).toMatch(/never reused/);
    expect(await update(sql`operation_id = null, linked_at = null`)).toMatch(/never reused/);
    expect(await update(sql`wallet_id = ${c.id}::uuid`)).toMatch(/keeps its wallet/);
  });

  it('refuses a wallet that is not a middleman, and a middleman row for one', async () => {
    const operation = await newOperation(0);
    const manual = newTestKeypair();
    const walletId = await inTenant(0, async (tx) => {
      const seal = await vault.encryptSecretKey(tx, {
        tenantId: tenant(0),
        address: manual.address,
        secretKey: manual.secretKey,
      });
      const [row] = await tx
        .insert(schema.wallets)
        .values({
          tenantId: tenant(0),
          publicAddress: manual.address,
          encryptedKey: seal.ciphertext,
          keyAlgorithm: seal.algorithm,
          dataKeyVersion: seal.dataKeyVersion,
          sourceKind: 'manual',
        })
        .returning({ id: schema.wallets.id });
      return row?.id ?? '';
    });
    expect(
      await codeOf(inTenant(0, (tx) => service.linkMiddlemen(tx, operation, [walletId]))),
    ).toBe('MIDDLEMAN__NOT_FOUND');
    expect(
      await refusal(
        inTenant(0, (tx) => tx.insert(schema.middlemen).values({ walletId, tenantId: tenant(0) })),
      ),
    ).toMatch(/a middleman must be a middleman wallet/);
    // Nor can a wallet be stored with a source the list would not know.
    expect(
      await refusal(
        inTenant(0, (tx) =>
          tx.execute(sql`update wallets set source_kind = 'other' where id = ${walletId}::uuid`),
        ),
      ),
    ).toMatch(/wallets_source_kind_check/);
  });

  it('refuses counts outside 1 to 100,000 and leaves nothing behind', async () => {
    for (const count of [0, -1, 1.5, MAX_MIDDLEMEN_PER_CALL + 1, Number.NaN]) {
      expect(await codeOf(create(0, count)), String(count)).toBe('MIDDLEMAN__COUNT_OUT_OF_RANGE');
    }
  });

  it("commits the keys with the caller's transaction, or not at all", async () => {
    const before = await inTenant(0, (tx) => tx.select().from(schema.middlemen));
    await expect(
      inTenant(0, async (tx) => {
        await service.createMiddlemen(tx, { tenantId: tenant(0), count: 2, createdBy: null });
        throw new Error('the plan could not be stored');
      }),
    ).rejects.toThrow('the plan could not be stored');
    const after = await inTenant(0, (tx) => tx.select().from(schema.middlemen));
    expect(after).toHaveLength(before.length);
  });

  it('writes 1,000 middlemen in batches and says how long it took', async () => {
    const started = performance.now();
    const made = await create(0, 1_000);
    const ms = performance.now() - started;
    expect(made).toHaveLength(1_000);
    expect(new Set(made.map((wallet) => wallet.id)).size).toBe(1_000);
    const [counted] = await inTenant(0, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.wallets)
        .where(eq(schema.wallets.sourceKind, 'middleman')),
    );
    expect(counted?.n).toBeGreaterThanOrEqual(1_000);
    // A figure, not a timed assertion (DESIGN: benchmarks print figures).
    console.info(
      `1,000 middlemen on ${kind}: ${Math.round(ms)} ms (${MIDDLEMAN_INSERT_CHUNK} per insert)`,
    );
  }, 120_000);
});
