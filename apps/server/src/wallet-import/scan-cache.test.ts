import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanCache, type ScanCacheEntry } from './scan-cache';

describe.each(testDatabaseKinds)('recent scan previews on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];
  let clock = 0;
  const minutes = (n: number) => n * 60_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}, {}])
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  const tenant = (index: number) => tenants[index] ?? '';
  const cache = createScanCache({ maxEntries: 3, now: () => new Date(clock) });
  const entry = (lamports: bigint): ScanCacheEntry => ({
    lamports,
    tokens: [
      {
        account: 'acct',
        mint: 'mint',
        program: 'prog',
        amount: 2n ** 64n - 1n,
        decimals: 9,
        lamports: 2_039_280n,
        frozen: true,
        withheldAmount: 2n ** 64n - 1n,
      },
    ],
    scannedAt: new Date(clock),
    // Past 2^53, so a slot through a double would come back changed.
    scannedSlot: 2n ** 60n + lamports,
  });
  const put = (tenantId: string, entries: [string, ScanCacheEntry][]) =>
    withTenant(database.db, tenantId, (tx) => cache.put(tx, tenantId, new Map(entries)));
  const get = (tenantId: string, addresses: string[]) =>
    withTenant(database.db, tenantId, (tx) => cache.get(tx, addresses));
  const stored = async (tenantId: string) =>
    withTenant(database.db, tenantId, async (tx) => {
      const rows = await tx.execute<{ address: string }>(
        sql`select public_address as address from recent_scans order by public_address`,
      );
      return rows.rows.map((row) => row.address);
    });

  it('returns the newest read of a wallet, u64 amounts intact, and only to its tenant', async () => {
    clock = minutes(100);
    await put(tenant(0), [['a', entry(1n)]]);
    await put(tenant(0), [['a', entry(5n)]]);
    const found = await get(tenant(0), ['a', 'unknown']);
    expect([...found.keys()]).toEqual(['a']);
    expect(found.get('a')).toEqual(entry(5n));
    expect((await get(tenant(1), ['a'])).size).toBe(0);
  });

  it('ignores reads older than 30 minutes and deletes them on the next write', async () => {
    clock = minutes(200);
    await put(tenant(1), [['old', entry(1n)]]);
    clock += minutes(30);
    expect((await get(tenant(1), ['old'])).size).toBe(1);
    clock += 1;
    expect((await get(tenant(1), ['old'])).size).toBe(0);
    expect(await stored(tenant(1))).toEqual(['old']);
    await put(tenant(1), [['new', entry(2n)]]);
    expect(await stored(tenant(1))).toEqual(['new']);
  });

  it('keeps at most maxEntries per tenant, dropping the oldest reads', async () => {
    clock = minutes(300);
    for (const address of ['w1', 'w2', 'w3', 'w4']) {
      clock += 1000;
      await put(tenant(2), [[address, entry(1n)]]);
    }
    expect(await stored(tenant(2))).toEqual(['w2', 'w3', 'w4']);
    expect(await stored(tenant(0))).toEqual(['a']);
  });
});
