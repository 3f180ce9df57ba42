import { createDigitalAssets, createEndpointPool } from '@fleet/chain';
import {
  aggregatedTokensResponseSchema,
  jobViewSchema,
  scanAssetsResponseSchema,
  syncScanConflictSchema,
  tokenHoldersResponseSchema,
  type ScanAssetsResponse,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from '../organize/organize-fixtures';
import { eventually } from '../jobs/jobs-harness';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { Killed, memoryJobContext } from '../testing/memory-job-context';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import {
  createAssetScanJob,
  type AssetScanCheckpoint,
  type AssetScanParams,
} from './asset-scan-job';

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
    harness = await createTestApp(kind, { market: fake.market(), withJobs: true });
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
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
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

  const assetJobs = () =>
    harness.database.db
      .select({ id: schema.jobs.id, status: schema.jobs.status })
      .from(schema.jobs)
      .where(eq(schema.jobs.kind, 'scan.getassets'))
      .orderBy(desc(schema.jobs.createdAt));

  it('runs as a job whose report is the answer, in the jobs list', async () => {
    const result = await scan(operator, { publicAddresses: [alice.address] });
    const [latest] = await assetJobs();
    expect(latest?.status).toBe('succeeded');
    const job = jobViewSchema.parse((await get(operator, `/api/jobs/${latest?.id ?? ''}`)).json());
    expect(job).toMatchObject({ kind: 'scan.getassets', processedItems: 1, totalItems: 1 });
    expect(scanAssetsResponseSchema.parse(job.report)).toEqual(result);
    // Another licence sees no such job.
    expect((await get(other, `/api/jobs/${latest?.id ?? ''}`)).statusCode).toBe(404);
  });

  it('streams the job it runs as first, then its progress, and ends with the answer', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/scan-assets/preview-write',
      payload: { publicAddresses: [alice.address, bob.address] },
      headers: { accept: 'text/event-stream' },
      cookies: { fleet_session: operator.cookie },
    });
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = response.body
      .split('\n\n')
      .filter((block) => block.trim() !== '')
      .map((block) => {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        return JSON.parse(data?.slice(6) ?? 'null') as { type: string; jobId?: string };
      });
    const [latest] = await assetJobs();
    expect(events[0]).toEqual({ type: 'started', jobId: latest?.id });
    expect(events.slice(1, -1).every((event) => event.type === 'progress')).toBe(true);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('has a second start for the same wallets follow the running scan, and refuses other wallets', async () => {
    const before = (await assetJobs()).length;
    harness.localnet.admin.setProfile('default', { latencyMs: 800 });
    try {
      const post = (payload: object) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/scan-assets/preview-write',
          payload,
          cookies: { fleet_session: operator.cookie },
        });
      const first = post({});
      await eventually(
        () => assetJobs(),
        (rows) => rows.length === before + 1,
        { timeoutMs: 10_000, stepMs: 50 },
      );
      const second = post({});
      const refused = await post({ publicAddresses: [bob.address] });
      expect(refused.statusCode, refused.body).toBe(409);
      const [running] = await assetJobs();
      expect(syncScanConflictSchema.parse(refused.json()).jobId).toBe(running?.id);
      const [a, b] = await Promise.all([first, second]);
      expect(a?.statusCode, a?.body).toBe(200);
      expect(scanAssetsResponseSchema.parse(b?.json())).toEqual(
        scanAssetsResponseSchema.parse(a?.json()),
      );
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
    expect((await assetJobs()).length).toBe(before + 1);
  }, 60_000);

  describe('its job', () => {
    const job = () =>
      createAssetScanJob({
        db: harness.database.db,
        assets: createDigitalAssets(createEndpointPool({ endpoints: [harness.localnet.url] })),
        batchSize: 1,
      });
    const params = (): AssetScanParams => ({ wallets: [alice, bob], unknownAddresses: [] });
    const withoutDuration = (report: unknown) => {
      const parsed = scanAssetsResponseSchema.parse(report);
      return { ...parsed, stats: { ...parsed.stats, durationMs: 0 }, logMessages: [] };
    };

    it('resumed after a kill between a batch written and its checkpoint, sums each wallet once', async () => {
      const whole = memoryJobContext<AssetScanCheckpoint>(operator.tenantId, undefined);
      await job().run(params(), whole.context);

      const first = memoryJobContext<AssetScanCheckpoint>(operator.tenantId, undefined, {
        killAtCheckpoint: 2,
      });
      await expect(job().run(params(), first.context)).rejects.toBeInstanceOf(Killed);
      const second = memoryJobContext(operator.tenantId, first.state.checkpoint, { processed: 1 });
      await job().run(params(), second.context);
      expect(second.state.logs[0]).toBe('Resuming at wallet 2 of 2');
      expect(second.state.processed).toBe(2);
      expect(withoutDuration(second.state.report)).toEqual(withoutDuration(whole.state.report));
      expect(scanAssetsResponseSchema.parse(second.state.report).stats.walletsScanned).toBe(2);
    });

    it('stops on Cancel after whole batches, with the sums of the wallets read', async () => {
      const run = memoryJobContext<AssetScanCheckpoint>(operator.tenantId, undefined, {
        cancelAtCheck: 2,
      });
      await job().run(params(), run.context);
      expect(run.state.processed).toBe(1);
      const report = scanAssetsResponseSchema.parse(run.state.report);
      expect(report.stats.walletsScanned).toBe(1);
      expect(report.logMessages.at(-1)).toBe('Cancelled: 1 of 2 wallet(s) read');
    });
  });
});
