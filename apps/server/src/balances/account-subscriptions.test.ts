import { createEndpointPool } from '@fleet/chain';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../jobs/jobs-harness';
import { insertWallets } from '../organize/organize-fixtures';
import { newTestKeypair } from '../testing/keypairs';
import { readWatchedAccounts, writeLiveBalance } from './account-balance-store';
import { startLiveBalances } from './account-live-balances';
import type { AccountSubscriptions } from './account-subscriptions';

const quietLogger = { warn: () => undefined, info: () => undefined };

async function insertTenant(database: TestDatabase): Promise<string> {
  const [tenant] = await database.db
    .insert(schema.tenants)
    .values({})
    .returning({ id: schema.tenants.id });
  if (!tenant) throw new Error('tenant not inserted');
  return tenant.id;
}

async function setMaster(database: TestDatabase, tenantId: string, address: string) {
  await withTenant(database.db, tenantId, (tx) =>
    tx.insert(schema.masterWallets).values({
      tenantId,
      publicAddress: address,
      encryptedKey: new Uint8Array([1, 2, 3]),
      keyAlgorithm: 'test',
      dataKeyVersion: 1,
    }),
  );
}

async function storedOf(database: TestDatabase, tenantId: string, walletId: string) {
  const [row] = await withTenant(database.db, tenantId, (tx) =>
    tx
      .select({ lamports: schema.wallets.lamports, scannedAt: schema.wallets.lastScannedAt })
      .from(schema.wallets)
      .where(eq(schema.wallets.id, walletId)),
  );
  if (!row) throw new Error(`wallet ${walletId} not found`);
  return row;
}

describe.each(testDatabaseKinds)('live balances over accountSubscribe on %s', (kind) => {
  let database: TestDatabase;
  let localnet: Localnet<'live'>;
  let live: AccountSubscriptions | undefined;
  let tenantA = '';
  let tenantB = '';
  const master = newTestKeypair();
  const trader = newTestKeypair();
  const plain = newTestKeypair();
  const ids = { master: '', trader: '', plain: '', traderOfB: '', plainOfB: '' };

  const lamportsOf = async (tenantId: string, walletId: string) =>
    (await storedOf(database, tenantId, walletId)).lamports;

  beforeAll(async () => {
    [database, localnet] = await Promise.all([
      createTestDatabase(kind),
      // The subscriptions ride their own endpoint, so an outage of it leaves the catch-up reads
      // (the pool, on the root path) answering.
      createLocalnet<'live'>({ slotIntervalMs: 50, endpoints: { live: {} } }),
    ]);
    tenantA = await insertTenant(database);
    tenantB = await insertTenant(database);
    await setMaster(database, tenantA, master.address);
    const ofA = await insertWallets(database.db, tenantA, [
      // The master is also one of the fleet's wallets: its row follows the chain.
      { address: master.address, lamports: 0n },
      { address: trader.address, isTrader: true, lamports: 0n },
      { address: plain.address, lamports: 0n },
    ]);
    // Tenant B keeps A's trader as a trader of its own and A's plain wallet as a plain one.
    const ofB = await insertWallets(database.db, tenantB, [
      { address: trader.address, isTrader: true, lamports: 0n },
      { address: plain.address, lamports: 0n },
    ]);
    [ids.master = '', ids.trader = '', ids.plain = ''] = ofA.map((row) => row.id);
    [ids.traderOfB = '', ids.plainOfB = ''] = ofB.map((row) => row.id);
    live = startLiveBalances({
      db: database.db,
      pool: createEndpointPool({ endpoints: [localnet.url], timeoutMs: 2_000 }),
      url: localnet.endpoints.live.wsUrl,
      logger: quietLogger,
    });
    await eventually(
      () => Promise.resolve(live?.state().subscribed),
      (subscribed) => subscribed === 2,
    );
  });

  afterAll(async () => {
    await live?.stop();
    await Promise.all([database?.close(), localnet?.close()]);
  });

  it('watches every tenant’s master and active trader wallets, once per address', async () => {
    const { watched, wanted } = await readWatchedAccounts(database.db, 1_000);
    expect([...watched.keys()]).toEqual([master.address, trader.address]);
    expect(watched.get(master.address)).toEqual([tenantA]);
    expect([...(watched.get(trader.address) ?? [])].sort()).toEqual([tenantA, tenantB].sort());
    expect(wanted).toBe(2);
    const capped = await readWatchedAccounts(database.db, 1);
    expect([...capped.watched.keys()]).toEqual([master.address]);
    expect(capped.wanted).toBe(2);
  });

  it('stores SOL sent to a trader wallet and to the master without a refresh', async () => {
    await localnet.admin.fund(trader.address, 2_000_000_000n);
    await localnet.admin.fund(master.address, 3_000_000_000n);
    await localnet.admin.fund(plain.address, 4_000_000_000n);
    await expect
      .poll(() => lamportsOf(tenantA, ids.trader), { timeout: 10_000 })
      .toBe(2_000_000_000n);
    await expect
      .poll(() => lamportsOf(tenantB, ids.traderOfB), { timeout: 10_000 })
      .toBe(2_000_000_000n);
    await expect
      .poll(() => lamportsOf(tenantA, ids.master), { timeout: 10_000 })
      .toBe(3_000_000_000n);
    expect((await storedOf(database, tenantA, ids.trader)).scannedAt).not.toBeNull();
    // Neither tenant watches the plain wallet: it waits for Refresh.
    expect(await lamportsOf(tenantA, ids.plain)).toBe(0n);
    expect(await lamportsOf(tenantB, ids.plainOfB)).toBe(0n);
    expect(live?.state()).toMatchObject({ connected: true, watched: 2, subscribed: 2 });
    expect(live?.state().lastNotificationAt).not.toBeNull();
  });

  it('resubscribes after an outage and catches up on what changed during it', async () => {
    localnet.admin.setProfile('live', { outage: true });
    await expect.poll(() => live?.state().connected, { timeout: 10_000 }).toBe(false);
    await localnet.admin.fund(trader.address, 500_000_000n);
    localnet.admin.setProfile('live', {});
    // Nothing notified the change: the catch-up read after the reconnect found it.
    await expect
      .poll(() => lamportsOf(tenantA, ids.trader), { timeout: 20_000 })
      .toBe(2_500_000_000n);
    expect(live?.state()).toMatchObject({ connected: true, reconnects: 1 });
    await expect.poll(() => live?.state().subscribed, { timeout: 10_000 }).toBe(2);
    await localnet.admin.fund(trader.address, 500_000_000n);
    await expect
      .poll(() => lamportsOf(tenantA, ids.trader), { timeout: 10_000 })
      .toBe(3_000_000_000n);
  });

  it('follows a trader made later, once told the watched set changed', async () => {
    const late = newTestKeypair();
    const [made] = await insertWallets(database.db, tenantB, [
      { address: late.address, isTrader: true, lamports: 0n },
    ]);
    live?.watchedChanged();
    await expect.poll(() => live?.state().subscribed, { timeout: 10_000 }).toBe(3);
    await localnet.admin.fund(late.address, 700_000_000n);
    await expect
      .poll(() => lamportsOf(tenantB, made?.id ?? ''), { timeout: 10_000 })
      .toBe(700_000_000n);
  });

  it('never writes a balance over one read later', async () => {
    const later = new Date('2030-01-02T00:00:00.000Z');
    const earlier = new Date('2030-01-01T00:00:00.000Z');
    const write = (lamports: bigint, seenAt: Date) =>
      withTenant(database.db, tenantA, (tx) =>
        writeLiveBalance(tx, tenantA, { address: plain.address, lamports, slot: 1n, seenAt }),
      );
    expect(await write(11n, later)).toBe(true);
    expect(await write(7n, earlier)).toBe(false);
    expect(await storedOf(database, tenantA, ids.plain)).toEqual({
      lamports: 11n,
      scannedAt: later,
    });
    // Another tenant's row of the same address is not the tenant's to write.
    expect(await lamportsOf(tenantB, ids.plainOfB)).toBe(0n);
  });
});
