import { randomBytes } from 'node:crypto';
import { closeHistoryFilterSchema, encodeBase58, type CloseHistoryFilter } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readCloses,
  recordTokenAccountCloses,
  sumCloses,
  type ClosePosition,
  type TokenAccountCloseRow,
} from './close-history-repository';

const T0 = new Date('2026-11-25T12:00:00.000Z');
const newAddress = () => encodeBase58(randomBytes(32));
const NO_FILTER = closeHistoryFilterSchema.parse({});

function close(overrides: Partial<TokenAccountCloseRow> = {}): TokenAccountCloseRow {
  return {
    operationId: null,
    walletId: null,
    walletAddress: newAddress(),
    mint: newAddress(),
    tokenAccount: newAddress(),
    program: 'token',
    rentLamports: 2_039_280n,
    feeLamports: 5_000n,
    burnedRaw: null,
    signature: encodeBase58(randomBytes(64)),
    closedAt: T0,
    ...overrides,
  };
}

describe.each(testDatabaseKinds)('the close history repository on %s', (kind) => {
  let database: TestDatabase;
  let tenants: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await database.db
      .insert(schema.tenants)
      .values([{}, {}, {}, {}])
      .returning({ id: schema.tenants.id });
    tenants = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  const as = <T>(index: number, work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(database.db, tenants[index], work);
  const all = (index: number, filter: CloseHistoryFilter = NO_FILTER) =>
    as(index, (tx) => readCloses(tx, filter, undefined, 10_000));

  it('records each account once per signature, however often the transaction is recorded', async () => {
    const rows = [close(), close({ burnedRaw: 18_446_744_073_709_551_615n, program: 'token2022' })];
    expect(await as(0, (tx) => recordTokenAccountCloses(tx, rows))).toBe(2);
    expect(await as(0, (tx) => recordTokenAccountCloses(tx, rows))).toBe(0);
    // A repeat inside one call counts once too.
    const third = close();
    expect(await as(0, (tx) => recordTokenAccountCloses(tx, [third, third, ...rows]))).toBe(1);
    const stored = await all(0);
    expect(stored).toHaveLength(3);
    const burned = stored.find((row) => row.tokenAccount === rows[1]?.tokenAccount);
    expect(burned).toMatchObject({
      program: 'token2022',
      burnedRaw: '18446744073709551615',
      rentLamports: 2_039_280n,
      feeLamports: 5_000n,
      signature: rows[1]?.signature,
      closedAt: T0,
      tenantId: tenants[0],
    });
    expect(await as(0, (tx) => recordTokenAccountCloses(tx, []))).toBe(0);
  });

  it('writes thousands of closes in a few statements', async () => {
    const many = Array.from({ length: 5_001 }, (_, index) =>
      close({ closedAt: new Date(T0.getTime() + index) }),
    );
    expect(await as(1, (tx) => recordTokenAccountCloses(tx, many))).toBe(5_001);
    const sums = await as(1, (tx) => sumCloses(tx, NO_FILTER));
    expect(sums).toEqual({
      accounts: 5_001,
      rentLamports: 5_001n * 2_039_280n,
      feeLamports: 5_001n * 5_000n,
    });
  });

  it('pages newest first without skipping or repeating closes of the same instant', async () => {
    const rows = [
      ...Array.from({ length: 5 }, () => close({ closedAt: T0 })),
      ...Array.from({ length: 4 }, (_, index) =>
        close({ closedAt: new Date(T0.getTime() - index * 1_000) }),
      ),
    ];
    await as(2, (tx) => recordTokenAccountCloses(tx, rows));
    const seen: string[] = [];
    let position: ClosePosition | undefined;
    for (;;) {
      const page = await as(2, (tx) => readCloses(tx, NO_FILTER, position, 2));
      seen.push(...page.map((row) => row.id));
      const last = page.at(-1);
      if (!last) break;
      position = { closedAt: last.exactClosedAt, id: last.id };
    }
    const everything = await all(2);
    expect(seen).toEqual(everything.map((row) => row.id));
    expect(new Set(seen).size).toBe(9);
    const times = everything.map((row) => row.closedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by wallet, mint and a window of dates, and sums only what matches', async () => {
    const wallet = newAddress();
    const mint = newAddress();
    await as(3, (tx) =>
      recordTokenAccountCloses(tx, [
        close({ walletAddress: wallet, mint, closedAt: new Date('2026-11-01T10:00:00Z') }),
        close({ walletAddress: wallet, closedAt: new Date('2026-11-02T23:59:59.999Z') }),
        close({ mint, closedAt: new Date('2026-11-03T00:00:00Z'), feeLamports: 3_000_000n }),
        close({ closedAt: new Date('2026-10-31T23:59:59Z') }),
      ]),
    );
    const filter = (query: Record<string, string>) => closeHistoryFilterSchema.parse(query);
    expect(await all(3, filter({ wallet }))).toHaveLength(2);
    expect(await all(3, filter({ mint }))).toHaveLength(2);
    expect(await all(3, filter({ wallet, mint }))).toHaveLength(1);
    // `to` as a date includes its whole day; `from` starts at its first instant.
    expect(await all(3, filter({ from: '2026-11-01', to: '2026-11-02' }))).toHaveLength(2);
    expect(await all(3, filter({ from: '2026-11-03' }))).toHaveLength(1);
    expect(await all(3, filter({ to: '2026-10-31' }))).toHaveLength(1);
    expect(await as(3, (tx) => sumCloses(tx, filter({ mint })))).toEqual({
      accounts: 2,
      rentLamports: 2n * 2_039_280n,
      feeLamports: 3_005_000n,
    });
    expect(await as(3, (tx) => sumCloses(tx, filter({ mint: newAddress() })))).toEqual({
      accounts: 0,
      rentLamports: 0n,
      feeLamports: 0n,
    });
  });

  it("never shows another tenant's closes, and refuses to write one for another tenant", async () => {
    const ofTenant0 = (await all(0)).map((row) => row.id);
    const visibleTo1 = (await all(1)).map((row) => row.id);
    expect(visibleTo1.some((id) => ofTenant0.includes(id))).toBe(false);
    expect((await as(3, (tx) => sumCloses(tx, NO_FILTER))).accounts).toBe(4);
    // The tenant comes from the bound transaction; a wallet or operation of another tenant is refused.
    const [wallet] = await database.db
      .insert(schema.wallets)
      .values({
        tenantId: tenants[0] ?? '',
        publicAddress: newAddress(),
        encryptedKey: new Uint8Array(32),
        keyAlgorithm: 'test',
        dataKeyVersion: 1,
        sourceKind: 'manual',
      })
      .returning({ id: schema.wallets.id });
    const walletId = wallet?.id ?? '';
    await expect(
      as(3, (tx) => recordTokenAccountCloses(tx, [close({ walletId })])),
    ).rejects.toThrow();
    expect(await as(0, (tx) => recordTokenAccountCloses(tx, [close({ walletId })]))).toBe(1);
    // The history outlives the wallet: deleting it keeps the close, without the link.
    await database.db.delete(schema.wallets);
    const kept = (await all(0)).filter((row) => row.walletId === null);
    expect(kept).toHaveLength(4);
  });

  it('refuses negative amounts and an unknown program', async () => {
    await expect(
      as(0, (tx) => recordTokenAccountCloses(tx, [close({ feeLamports: -1n })])),
    ).rejects.toThrow();
    await expect(
      as(0, (tx) =>
        recordTokenAccountCloses(tx, [close({ program: 'nft' as unknown as 'token' })]),
      ),
    ).rejects.toThrow();
  });
});
