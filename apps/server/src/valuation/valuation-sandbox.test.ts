import { valuationSchema, type Valuation } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { createLocalnet, type Localnet, type SandboxToken } from '@fleet/localnet';
import { createMarket, type Market } from '@fleet/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { marketSettingsFor } from '../market/market-config';
import { marketFetch } from '../market/market-fetch';
import { insertWallets } from '../organize/organize-fixtures';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

// Issue 18 end to end on the server: the market as `npm start` builds it (every provider at the
// sandbox market's prefix), pricing a tenant's holdings of the sandbox's pooled tokens.
describe.each(testDatabaseKinds)('valuation against the sandbox market on %s', (kind) => {
  let sandbox: Localnet;
  let market: Market;
  let harness: TestApp;
  let operator: Operator;
  let pooled: SandboxToken[] = [];
  const unknownMint = newTestKeypair().address;

  beforeAll(async () => {
    sandbox = await createLocalnet({
      slotIntervalMs: 0,
      market: { seed: 'valuation', activity: { autoStart: false } },
    });
    market = createMarket({
      fetch: marketFetch,
      ...marketSettingsFor(loadEnv({}).market, sandbox.market?.url),
    });
    harness = await createTestApp(kind, { market });
    operator = await createOperator(harness.app, 'sandbox-valuer@example.com');
    const view = sandbox.market?.view;
    pooled = (view?.tokens() ?? [])
      .filter((t) => t.decimals > 0 && (view?.poolsOf(t.mint).length ?? 0) > 0)
      .slice(0, 2);
    const [wallet] = await insertWallets(harness.database.db, operator.tenantId, [
      { name: 'Sandbox holder', lamports: 3_000_000_000n },
    ]);
    const held = [
      ...pooled.map((t) => ({ mint: t.mint, decimals: t.decimals })),
      { mint: unknownMint, decimals: 6 },
    ];
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.insert(schema.walletTokenAccounts).values(
        held.map((token, index) => ({
          tenantId: operator.tenantId,
          tokenAccount: newTestKeypair().address,
          walletId: wallet?.id ?? '',
          mint: token.mint,
          program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
          amount: (BigInt(index + 2) * 10n ** BigInt(token.decimals)).toString(),
          decimals: token.decimals,
        })),
      ),
    );
  });
  afterAll(async () => {
    await harness.close();
    market.close();
    await sandbox.close();
  });

  const valuation = async (): Promise<Valuation> => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/valuation',
      cookies: { fleet_session: operator.cookie },
    });
    expect(response.statusCode).toBe(200);
    return valuationSchema.parse(response.json());
  };

  it("prices SOL and the sandbox's pooled tokens, and reads an unknown mint as not priced", async () => {
    expect(pooled).toHaveLength(2);
    const { solPrice, assets, stats } = await valuation();
    expect(solPrice).toMatchObject({ status: 'known', source: 'jupiter' });
    if (solPrice.status === 'known')
      expect(solPrice.priceUsd).toBeCloseTo(sandbox.market?.view.solUsd().price ?? 0, 6);
    for (const [index, token] of pooled.entries()) {
      const asset = assets.find((a) => a.mint === token.mint);
      expect(asset, token.symbol).toMatchObject({ status: 'priced', source: 'jupiter' });
      expect(asset?.valueUsd).toBeCloseTo((index + 2) * (asset?.priceUsd ?? Number.NaN), 9);
    }
    expect(assets.find((a) => a.mint === unknownMint)).toMatchObject({
      status: 'not-priced',
      valueUsd: null,
    });
    const pricedSum = assets.reduce(
      (sum, a) => sum + (a.status === 'priced' ? (a.valueUsd ?? 0) : 0),
      0,
    );
    expect(stats.tokens.totalValueUsd).toBeCloseTo(pricedSum, 9);
    expect(stats.tokens).toMatchObject({ pricedAssets: 2, unpricedAssets: 1, uniqueAssets: 3 });
    expect(stats.portfolio.totalSol).toBe(3);
    expect(stats.portfolio.complete).toBe(false);
  });
});
