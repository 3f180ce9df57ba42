import {
  createManualClock,
  valuationSchema,
  walletValuesSchema,
  type ManualClock,
  type Valuation,
  type WalletValues,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from '../organize/organize-fixtures';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL_MINT = 'So11111111111111111111111111111111111111112';
const MINT_A = newTestKeypair().address; // $2, held by two wallets (a third has an empty account)
const MINT_B = newTestKeypair().address; // $0.50
const MINT_C = newTestKeypair().address; // no provider prices it
const MINT_D = newTestKeypair().address; // only an empty account
const SOL = 1_000_000_000n;

// Spec 2 §3 "Valuation" over a small tenant with fixed prices from loopback providers: every
// figure by hand. The fixture's token accounts all have 6 decimals.
describe.each(testDatabaseKinds)('valuation on %s', (kind) => {
  let fake: FakeMarket;
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  let clock: ManualClock;
  let richest = '';

  beforeAll(async () => {
    fake = await startFakeMarket();
    fake.jupiterPrices.set(SOL_MINT, 100);
    fake.jupiterPrices.set(MINT_A, 2);
    fake.jupiterPrices.set(MINT_B, 0.5);
    clock = createManualClock(Date.now());
    harness = await createTestApp(kind, { clock, market: fake.market(clock) });
    app = harness.app;
    operator = await createOperator(app, 'valuer@example.com');
    other = await createOperator(app, 'valuer-other@example.com');
    const { db } = harness.database;
    await db
      .insert(schema.mints)
      .values([
        { mint: MINT_A, symbol: 'AAA', name: 'Token A', decimals: 6, program: 'spl-token' },
        { mint: MINT_C, symbol: 'CCC', name: 'Token C', decimals: 6, program: 'spl-token' },
      ])
      .onConflictDoNothing();
    const [first] = await insertWallets(db, operator.tenantId, [
      {
        name: 'Rich',
        lamports: 2n * SOL,
        tokens: [
          { mint: MINT_A, amount: 3_000_000n },
          { mint: MINT_C, amount: 10_000_000n },
        ],
      },
      {
        name: 'Tokens only',
        lamports: 0n,
        tokens: [
          { mint: MINT_A, amount: 1_000_000n },
          { mint: MINT_B, amount: 4_000_000n },
          { mint: MINT_D, amount: 0n },
        ],
      },
      { name: 'Unscanned', lamports: null, tokens: [{ mint: MINT_A, amount: 0n }] },
      {
        name: 'Archived whale',
        archived: true,
        lamports: 50n * SOL,
        tokens: [{ mint: MINT_A, amount: 1_000_000_000_000n }],
      },
    ]);
    richest = first?.address ?? '';
    await insertWallets(db, other.tenantId, [
      { name: 'Theirs', lamports: 7n * SOL, tokens: [{ mint: MINT_A, amount: 5_000_000n }] },
    ]);
    // The master wallet is one of the fleet's wallets here, so it has a value.
    await withTenant(db, operator.tenantId, (tx) =>
      tx.insert(schema.masterWallets).values({
        tenantId: operator.tenantId,
        publicAddress: richest,
        encryptedKey: new Uint8Array([1]),
        keyAlgorithm: 'test',
        dataKeyVersion: 1,
      }),
    );
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const valuation = async (as: Operator): Promise<Valuation> => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/valuation',
      cookies: { fleet_session: as.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return valuationSchema.parse(response.json());
  };

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/valuation' })).statusCode).toBe(401);
  });

  it("values the tenant's active wallets in spec 2's shape, every figure by hand", async () => {
    const { stats, highlights, solPrice } = await valuation(operator);
    expect(solPrice).toMatchObject({ status: 'known', priceUsd: 100, source: 'jupiter' });
    expect(stats.wallets).toEqual({
      total: 3,
      withSol: 1,
      withAssets: 2,
      withClosable: 2,
      poolCreators: null,
    });
    expect(stats.tokens).toEqual({
      totalValueUsd: 10, // 3 A × $2 + 1 A × $2 + 4 B × $0.50
      totalValueSol: 0.1,
      uniqueAssets: 4,
      assetInstances: 6,
      instancesWithBalance: 4,
      pricedAssets: 2,
      unpricedAssets: 1,
    });
    expect(stats.closable).toEqual({
      count: 2,
      rentLamports: '4078560',
      rentSol: 0.00407856,
      rentUsd: expect.closeTo(0.407856, 9) as number,
    });
    expect(stats.portfolio).toEqual({
      totalValueUsd: 210,
      totalValueSol: 2.1,
      totalSol: 2,
      totalLamports: '2000000000',
      totalSolUsd: 200,
      totalAssetsUsd: 10,
      totalAssetsSol: 0.1,
      complete: false,
    });
    expect(highlights.mostValuableWallet).toMatchObject({
      address: richest,
      name: 'Rich',
      valueUsd: 206,
      valueSol: 2.06,
    });
    expect(highlights.masterWallet).toMatchObject({
      address: richest,
      wallet: { valueUsd: 206 },
    });
    expect(highlights.mostCommonAsset).toEqual({ mint: MINT_A, symbol: 'AAA', holders: 2 });
  });

  it('reads a token no provider prices as not priced, with the reasons, never $0', async () => {
    const { assets } = await valuation(operator);
    const c = assets.find((asset) => asset.mint === MINT_C);
    expect(c).toMatchObject({
      status: 'not-priced',
      valueUsd: null,
      priceUsd: null,
      amount: '10000000',
    });
    expect(c?.reasons.join(' ')).toMatch(/jupiter has no price/);
    expect(assets.find((asset) => asset.mint === MINT_D)).toMatchObject({
      status: 'no-balance',
      valueUsd: 0,
    });
    expect(assets.map((asset) => asset.status)).toEqual([
      'priced',
      'priced',
      'not-priced',
      'no-balance',
    ]);
    expect(assets[0]).toMatchObject({ mint: MINT_A, priceUsd: 2, valueUsd: 8, holders: 2 });
    expect(assets.find((asset) => asset.mint === MINT_D)?.holders).toBe(0);
  });

  const walletValues = async (as: Operator): Promise<WalletValues> => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/valuation/wallets',
      cookies: { fleet_session: as.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return walletValuesSchema.parse(response.json());
  };

  it("values each wallet holding tokens for the table, an unpriced token's value left out, not $0", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/valuation/wallets' })).statusCode).toBe(
      401,
    );
    const { wallets, solPrice } = await walletValues(operator);
    expect(solPrice).toMatchObject({ status: 'known', priceUsd: 100 });
    const names = await walletNames();
    const rows = wallets.ids.map((id, index) => ({
      name: names.get(id),
      tokensUsd: wallets.tokensUsd[index],
      unpricedTokens: wallets.unpricedTokens[index],
    }));
    // 'Unscanned' holds only an empty account and 'Archived whale' is archived: neither is listed.
    expect(rows.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      { name: 'Rich', tokensUsd: 6, unpricedTokens: 1 },
      { name: 'Tokens only', tokensUsd: 4, unpricedTokens: 0 },
    ]);
    const theirs = await walletValues(other);
    expect(theirs.wallets.tokensUsd).toEqual([10]);
    expect(theirs.wallets.ids.some((id) => names.has(id))).toBe(false);
  });

  it('gives a wallet whose only tokens nobody prices no token value (null)', async () => {
    const [lonely] = await insertWallets(harness.database.db, operator.tenantId, [
      { name: 'Unpriced only', lamports: 0n, tokens: [{ mint: MINT_C, amount: 1_000_000n }] },
    ]);
    const { wallets } = await walletValues(operator);
    const index = wallets.ids.indexOf(lonely?.id ?? '');
    expect(wallets.tokensUsd[index]).toBeNull();
    expect(wallets.unpricedTokens[index]).toBe(1);
  });

  const walletNames = async () => {
    const rows = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.select({ id: schema.wallets.id, name: schema.wallets.name }).from(schema.wallets),
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  };

  it("never counts another tenant's wallets", async () => {
    const theirs = await valuation(other);
    expect(theirs.stats.wallets.total).toBe(1);
    expect(theirs.stats.portfolio).toMatchObject({ totalSol: 7, totalValueUsd: 710 });
    expect(theirs.highlights.masterWallet).toBeNull();
    expect(theirs.assets.map((asset) => asset.mint)).toEqual([MINT_A]);
  });

  it('follows a change of the wallets at once (the holdings are read again when the version moves)', async () => {
    const before = await valuation(operator);
    await insertWallets(harness.database.db, operator.tenantId, [
      { name: 'Newcomer', lamports: 5n * SOL, tokens: [{ mint: MINT_B, amount: 2_000_000n }] },
    ]);
    const after = await valuation(operator);
    expect(after.stats.wallets.total).toBe(before.stats.wallets.total + 1);
    expect(after.stats.portfolio).toMatchObject({ totalSol: 7, totalAssetsUsd: 11 });
    expect(after.highlights.mostValuableWallet).toMatchObject({ name: 'Newcomer', valueUsd: 501 });
  });

  it('leaves SOL figures null, not 0, when no provider prices SOL; tokens keep their value', async () => {
    fake.jupiterPrices.delete(SOL_MINT);
    clock.advance(61_000);
    const { stats, solPrice, highlights } = await valuation(operator);
    expect(solPrice.status).toBe('unavailable');
    expect(stats.portfolio).toMatchObject({
      totalValueUsd: null,
      totalSolUsd: null,
      totalAssetsUsd: 11,
      totalAssetsSol: null,
      totalSol: 7,
      complete: false,
    });
    expect(stats.closable.rentUsd).toBeNull();
    expect(highlights.mostValuableWallet?.valueUsd).toBeNull();
    fake.jupiterPrices.set(SOL_MINT, 100);
  });
});
