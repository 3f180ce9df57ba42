import {
  aggregatedTokensResponseSchema,
  marketRefreshResponseSchema,
  tokenClassifyResponseSchema,
  type AggregatedTokensResponse,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from '../organize/organize-fixtures';
import { jsonReply, startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

// Classify Tokens and Refresh Market Data (spec 2 §2.5, §7; issue 20), against the localnet's
// digital-asset API and a fake market.
describe.each(testDatabaseKinds)('the tokens overview actions on %s', (kind) => {
  let fake: FakeMarket;
  let harness: TestApp;
  let operator: Operator;
  // 0 decimals and a supply of 1,000: fungible, which the decimals rule alone calls an NFT.
  const points = newTestKeypair().address;
  // 0 decimals and a supply of 1: an NFT either way.
  const art = newTestKeypair().address;
  // Stored by a scan, unknown to the digital-asset API: the rule stands, and the answer says so.
  const ghost = newTestKeypair().address;

  beforeAll(async () => {
    fake = await startFakeMarket();
    harness = await createTestApp(kind, { market: fake.market() });
    operator = await createOperator(harness.app, 'token-actions@example.com');
    const { admin } = harness.localnet;
    await admin.createMint({ decimals: 0, address: points, supply: 1_000n, symbol: 'PTS' });
    await admin.createMint({ decimals: 0, address: art, supply: 1n, symbol: 'ART' });
    const { db } = harness.database;
    await db
      .insert(schema.mints)
      .values([points, art, ghost].map((mint) => ({ mint, decimals: 0, program: 'spl-token' })));
    const [wallet] = await insertWallets(db, operator.tenantId, [{ name: 'Holder' }]);
    await withTenant(db, operator.tenantId, (tx) =>
      tx.insert(schema.walletTokenAccounts).values(
        [points, art, ghost].map((mint) => ({
          tenantId: operator.tenantId,
          tokenAccount: newTestKeypair().address,
          walletId: wallet?.id ?? '',
          mint,
          program: TOKEN_PROGRAM,
          amount: '1',
          decimals: 0,
        })),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const post = (as: Operator | null, url: string, payload: object) =>
    harness.app.inject({
      method: 'POST',
      url,
      payload,
      ...(as === null ? {} : { cookies: { fleet_session: as.cookie } }),
    });
  const classes = async (): Promise<Record<string, string>> => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/tokens/aggregated',
      cookies: { fleet_session: operator.cookie },
    });
    const body: AggregatedTokensResponse = aggregatedTokensResponseSchema.parse(response.json());
    return Object.fromEntries(body.tokens.map((token) => [token.id, token.type]));
  };

  it('needs a session and a sound body', async () => {
    expect((await post(null, '/api/scan/token-classify', {})).statusCode).toBe(401);
    expect((await post(null, '/api/market/refresh', { mints: [points] })).statusCode).toBe(401);
    const notAMint = await post(operator, '/api/scan/token-classify', { mints: ['nope'] });
    expect(notAMint.statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => newTestKeypair().address);
    expect((await post(operator, '/api/market/refresh', { mints: tooMany })).statusCode).toBe(400);
    expect((await post(operator, '/api/market/refresh', { mints: [] })).statusCode).toBe(400);
  });

  it('stores what the digital-asset API says, and the overview shows it', async () => {
    expect(await classes()).toEqual({ [points]: 'nft', [art]: 'nft', [ghost]: 'nft' });
    const response = await post(operator, '/api/scan/token-classify', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(tokenClassifyResponseSchema.parse(response.json())).toEqual({
      requested: 3,
      classified: 2,
      degraded: 1,
      reason: 'the digital-asset API does not know these mints',
    });
    expect(await classes()).toEqual({ [points]: 'spl', [art]: 'nft', [ghost]: 'nft' });
    // Asked again without a list: only the mint still without a class.
    const again = tokenClassifyResponseSchema.parse(
      (await post(operator, '/api/scan/token-classify', {})).json(),
    );
    expect(again).toMatchObject({ requested: 1, classified: 0, degraded: 1 });
  });

  it('keeps the decimals rule and says why when the digital-asset API fails', async () => {
    harness.localnet.admin.setProfile('default', { errorRate: 1, errorKind: 'json-rpc' });
    try {
      const response = await post(operator, '/api/scan/token-classify', { mints: [points, ghost] });
      expect(response.statusCode, response.body).toBe(200);
      const answer = tokenClassifyResponseSchema.parse(response.json());
      expect(answer).toMatchObject({ requested: 2, classified: 0, degraded: 2 });
      expect(answer.reason).toEqual(expect.stringMatching(/.+/));
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
    // Nothing stored is lost: the class asked before stands, the rest keep the rule.
    expect(await classes()).toEqual({ [points]: 'spl', [art]: 'nft', [ghost]: 'nft' });
  });

  it('reads a batch of market figures again now, naming the mints nobody prices', async () => {
    fake.jupiterPrices.set(points, 0.5);
    fake.dexReply = jsonReply([]);
    const response = await post(operator, '/api/market/refresh', {
      mints: [points, ghost],
      chunkSize: 50,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(marketRefreshResponseSchema.parse(response.json())).toMatchObject({
      refreshed: 1,
      unpriced: [ghost],
    });
  });
});
