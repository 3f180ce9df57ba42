import {
  aggregatedTokensResponseSchema,
  scanAssetsResponseSchema,
  tokenHoldersResponseSchema,
  type ScanAssetsResponse,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from '../organize/organize-fixtures';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

// The GetAssets scan (spec 2 §2.4, §7 `POST /api/scan-assets/preview-write`; issue 20) against
// the localnet's digital-asset API: fungible tokens, an NFT and compressed NFTs.
describe.each(testDatabaseKinds)('the GetAssets scan on %s', (kind) => {
  let fake: FakeMarket;
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let alice = { id: '', address: '' };
  let bob = { id: '', address: '' };
  let mints = { coin: '', art: '' };
  const leaf = (id: string, owner: string, index: number) => ({
    id,
    owner,
    name: `Leaf #${index}`,
    symbol: 'LEAF',
    image: `https://img.example/${id}.png`,
    metadataUri: `https://meta.example/${id}.json`,
    tree: 'tree',
    leafIndex: index,
    collection: null,
  });
  const leafA = newTestKeypair().address;
  const leafB = newTestKeypair().address;

  beforeAll(async () => {
    fake = await startFakeMarket();
    harness = await createTestApp(kind, { market: fake.market() });
    operator = await createOperator(harness.app, 'getassets@example.com');
    other = await createOperator(harness.app, 'getassets-other@example.com');
    const { db } = harness.database;
    [alice, bob] = (await insertWallets(db, operator.tenantId, [
      { name: 'Alice' },
      { name: 'Bob' },
    ])) as [typeof alice, typeof bob];
    const { admin } = harness.localnet;
    mints = {
      coin: await admin.createMint({ decimals: 6, name: 'Coin', symbol: 'COIN' }),
      art: await admin.createMint({ decimals: 0, name: 'Art', symbol: 'ART' }),
    };
    await db.insert(schema.mints).values([
      { mint: mints.coin, decimals: 6, program: 'spl-token' },
      { mint: mints.art, decimals: 0, program: 'spl-token' },
    ]);
    await admin.createTokenAccount({ owner: alice.address, mint: mints.coin, amount: 5_000_000n });
    await admin.createTokenAccount({ owner: bob.address, mint: mints.coin, amount: 2_000_000n });
    await admin.createTokenAccount({ owner: bob.address, mint: mints.art, amount: 1n });
    admin.addCompressedNft(leaf(leafA, alice.address, 0));
    admin.addCompressedNft(leaf(leafB, alice.address, 1));
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const scan = async (as: Operator, payload: object): Promise<ScanAssetsResponse> => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/scan-assets/preview-write',
      payload,
      cookies: { fleet_session: as.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return scanAssetsResponseSchema.parse(response.json());
  };
  const get = (as: Operator, url: string) =>
    harness.app.inject({ method: 'GET', url, cookies: { fleet_session: as.cookie } });

  it('needs a session and wallet addresses', async () => {
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/scan-assets/preview-write',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await harness.app.inject({
      method: 'POST',
      url: '/api/scan-assets/preview-write',
      payload: { publicAddresses: ['not-an-address'] },
      cookies: { fleet_session: operator.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('previews every asset by holders and stores classes and compressed NFTs', async () => {
    const result = await scan(operator, {});
    expect(result.tokens.map((t) => [t.id, t.type, t.balance_str, t.holders])).toEqual([
      [mints.coin, 'spl', '7000000', 2],
      ...[
        [mints.art, 'nft', '1', 1],
        [leafA, 'cnft', '1', 1],
        [leafB, 'cnft', '1', 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'en', { sensitivity: 'variant' })),
    ]);
    expect(result.holdersByMint[mints.coin]).toBe(2);
    expect(result.stats).toMatchObject({
      walletsScanned: 2,
      walletsFailed: 0,
      assets: 5,
      fungible: 2,
      nfts: 1,
      compressedNfts: 2,
      classesStored: 2,
      rpcCalls: 2,
    });
    expect(result.errors).toEqual([]);
    expect(result.logMessages.at(-1)).toBe('Scanned 2/2 wallet(s)');

    // The overview now lists the compressed NFTs as cNFTs, held by Alice.
    const overview = aggregatedTokensResponseSchema.parse(
      (await get(operator, '/api/tokens/aggregated')).json(),
    );
    expect(overview.counts).toMatchObject({ cnft: 2 });
    const holders = tokenHoldersResponseSchema.parse(
      (await get(operator, `/api/token/${leafA}/holders`)).json(),
    );
    expect(holders.holders.map((h) => [h.address, h.amount_str, h.token_accounts])).toEqual([
      [alice.address, '1', 0],
    ]);
  });

  it('moves a compressed NFT that changed owner, and drops one that left the fleet', async () => {
    const { admin } = harness.localnet;
    admin.addCompressedNft(leaf(leafA, bob.address, 0));
    admin.addCompressedNft(leaf(leafB, newTestKeypair().address, 1));
    await scan(operator, { publicAddresses: [alice.address, bob.address] });
    const rows = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute<{ asset_id: string; wallet_id: string }>(
        sql`select asset_id, wallet_id from wallet_compressed_assets order by asset_id`,
      ),
    );
    expect(rows.rows).toEqual([{ asset_id: leafA, wallet_id: bob.id }]);
  });

  it('lists a failed wallet in errors and keeps what was stored for it', async () => {
    harness.localnet.admin.setProfile('default', { errorRate: 1, errorKind: 'http-500' });
    let result: ScanAssetsResponse;
    try {
      result = await scan(operator, { publicAddresses: [bob.address] });
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
    expect(result.stats).toMatchObject({ walletsScanned: 0, walletsFailed: 1 });
    expect(result.errors.map((e) => e.address)).toEqual([bob.address]);
    const rows = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute<{ asset_id: string }>(sql`select asset_id from wallet_compressed_assets`),
    );
    expect(rows.rows).toEqual([{ asset_id: leafA }]);
  });

  it("names another licence's wallet as not this licence's, and scans none of it", async () => {
    const [theirs] = await insertWallets(harness.database.db, other.tenantId, [{ name: 'Theirs' }]);
    const result = await scan(operator, { publicAddresses: [theirs?.address ?? ''] });
    expect(result.errors).toEqual([
      { address: theirs?.address, error: 'Not an active wallet of this licence' },
    ]);
    expect(result.stats.walletsScanned).toBe(0);
  });
});
