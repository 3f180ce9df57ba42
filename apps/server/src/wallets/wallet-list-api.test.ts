import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  getWalletResponseSchema,
  listWalletsResponseSchema,
  readSlimWalletList,
  slimWalletListResponseSchema,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { seedWallets } from '../testing/seed-wallets';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('the wallet list on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  const pairs = Array.from({ length: 4 }, () => newTestKeypair());
  const [first, second, , master] = pairs as [
    (typeof pairs)[0],
    (typeof pairs)[0],
    (typeof pairs)[0],
    (typeof pairs)[0],
  ];
  const ids = new Map<string, string>();
  let tagId = '';
  let groupId = '';
  const mint = newTestKeypair().address;

  const get = (url: string, as: Operator = operator, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, cookies: { fleet_session: as.cookie }, headers });
  const post = (url: string, payload: object, as: Operator = operator) =>
    app.inject({ method: 'POST', url, cookies: { fleet_session: as.cookie }, payload });

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'lister@example.com');
    other = await createOperator(app, 'other-lister@example.com');
    const imported = await post('/api/wallet', {
      privateKeys: pairs.map((pair) => pair.privateKey),
    });
    expect(imported.statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/master-wallet',
          cookies: { fleet_session: operator.cookie },
          payload: { private_key: master.privateKey },
        })
      ).statusCode,
    ).toBe(200);

    await withTenant(harness.database.db, operator.tenantId, async (tx) => {
      const rows = await tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets);
      for (const row of rows) ids.set(row.address, row.id);
      const firstId = ids.get(first.address) ?? '';
      const secondId = ids.get(second.address) ?? '';
      await tx
        .update(schema.wallets)
        .set({ lamports: 2_500_000_000n, isTrader: true, name: 'Alpha "one"' })
        .where(eq(schema.wallets.id, firstId));
      await tx.update(schema.wallets).set({ lamports: 0n }).where(eq(schema.wallets.id, secondId));
      await tx
        .insert(schema.walletTokenAccounts)
        .values([
          tokenRow(firstId, '1500', newTestKeypair().address),
          tokenRow(firstId, '0', newTestKeypair().address),
          tokenRow(secondId, '0', newTestKeypair().address),
        ]);
      const [tag] = await tx
        .insert(schema.tags)
        .values({ tenantId: operator.tenantId, slug: 'vip', name: 'VIP', color: '#ff0000' })
        .returning();
      tagId = tag?.id ?? '';
      await tx.insert(schema.walletTags).values({
        tenantId: operator.tenantId,
        walletId: firstId,
        tagId,
      });
      const [group] = await tx
        .insert(schema.walletGroups)
        .values({ tenantId: operator.tenantId, name: 'Desk' })
        .returning();
      groupId = group?.id ?? '';
      await tx.insert(schema.walletGroupMembers).values({
        tenantId: operator.tenantId,
        groupId,
        walletId: secondId,
      });
    });
    await harness.database.db
      .insert(schema.mints)
      .values({ mint, name: 'Test Token', symbol: 'TT', decimals: 6, program: 'spl-token' });

    function tokenRow(walletId: string, amount: string, tokenAccount: string) {
      return {
        tenantId: operator.tenantId,
        tokenAccount,
        walletId,
        mint,
        program: 'spl-token',
        amount,
        decimals: 6,
      };
    }
  });
  afterAll(async () => {
    await harness.close();
  });

  it('lists every active wallet in full with tokens, tags, source and badges', async () => {
    const response = await get('/api/wallets');
    expect(response.statusCode).toBe(200);
    const body = listWalletsResponseSchema.parse(response.json());
    expect(body.summary).toBeUndefined();
    expect(body.wallets.map((wallet) => wallet.address).sort()).toEqual(
      pairs.map((pair) => pair.address).sort(),
    );
    const alpha = body.wallets.find((wallet) => wallet.address === first.address);
    expect(alpha).toMatchObject({
      id: ids.get(first.address),
      name: 'Alpha "one"',
      lamports: '2500000000',
      isTrader: true,
      isMasterWallet: false,
      tokenStats: { total: 2, withBalance: 1, zeroBalance: 1 },
      importStatus: 'new',
      sourceKind: 'import',
      sourceLabel: 'PK',
      tagIds: [tagId],
      groupIds: [],
      poolCreator: false,
      tokensValueUsd: null,
      tags: [{ id: tagId, slug: 'vip', name: 'VIP', color: '#ff0000' }],
    });
    expect(alpha?.sourceId).toBe(alpha?.importBatchId);
    expect(alpha?.tokens).toHaveLength(2);
    expect(alpha?.tokens[0]).toMatchObject({
      mint,
      symbol: 'TT',
      name: 'Test Token',
      amount: '1500',
      decimals: 6,
      valueUsd: null,
    });
    const masterRow = body.wallets.find((wallet) => wallet.address === master.address);
    expect(masterRow?.isMasterWallet).toBe(true);
    expect(masterRow?.lamports).toBeNull();
    expect(masterRow?.tokens).toEqual([]);
  });

  it('answers slim rows as columns without tokens, and the summary in lamports', async () => {
    const response = await get('/api/wallets?mode=slim&summary=true');
    expect(response.statusCode).toBe(200);
    const wire = slimWalletListResponseSchema.strict().parse(response.json());
    expect(Object.keys(wire.columns)).not.toContain('tokens');
    const body = readSlimWalletList(wire);
    expect(body.wallets).toHaveLength(4);
    // Oldest first, as the full list.
    const full = listWalletsResponseSchema.parse((await get('/api/wallets')).json());
    expect(body.wallets.map((wallet) => wallet.id)).toEqual(
      full.wallets.map((wallet) => wallet.id),
    );
    expect(body.wallets).toEqual(full.wallets.map(({ tokens: _t, tags: _n, ...slim }) => slim));
    expect(body.wallets.find((wallet) => wallet.address === second.address)?.groupIds).toEqual([
      groupId,
    ]);
    expect(body.summary).toEqual({
      wallets: {
        total: 4,
        withSol: 1,
        withAssets: 1,
        withClosable: 2,
        poolCreators: 0,
        traders: 1,
      },
      totalLamports: '2500000000',
      tokens: {
        uniqueAssets: 1,
        assetInstances: 3,
        instancesWithBalance: 1,
        totalValueUsd: null,
      },
      closable: { count: 2, rentLamports: '4078560' },
      lastScannedAt: null,
    });
  });

  it('filters by tag, custom group, import batch and traders', async () => {
    const slim = async (query: string) =>
      readSlimWalletList((await get(`/api/wallets?mode=slim&${query}`)).json()).wallets.map(
        (wallet) => wallet.address,
      );
    expect(await slim('tag=vip')).toEqual([first.address]);
    expect(await slim('tag=unknown')).toEqual([]);
    expect(await slim(`groupId=${groupId}`)).toEqual([second.address]);
    expect(await slim('traderOnly=true')).toEqual([first.address]);
    const batchId = readSlimWalletList((await get('/api/wallets?mode=slim')).json()).wallets[0]
      ?.importBatchId;
    expect((await slim(`importBatchId=${batchId ?? ''}`)).sort()).toEqual(
      pairs.map((pair) => pair.address).sort(),
    );
    expect(await slim('seedGroupId=00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('refuses malformed filters with a message', async () => {
    const bad = await get('/api/wallets?groupId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('Unknown group');
    expect((await get('/api/wallets?mode=huge')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/wallets' })).statusCode).toBe(401);
  });

  it('shows the import badge only for the latest import batch', async () => {
    const later = newTestKeypair();
    expect((await post('/api/wallet', { privateKeys: [later.privateKey] })).statusCode).toBe(200);
    const body = readSlimWalletList((await get('/api/wallets?mode=slim')).json());
    const statuses = new Map(body.wallets.map((wallet) => [wallet.address, wallet.importStatus]));
    expect(statuses.get(later.address)).toBe('new');
    expect(statuses.get(first.address)).toBeNull();
  });

  it('finds one wallet by address, and not an archived, foreign or unknown one', async () => {
    const found = await get(`/api/wallet/${first.address}`);
    expect(found.statusCode).toBe(200);
    const { wallet } = getWalletResponseSchema.parse(found.json());
    expect(wallet.id).toBe(ids.get(first.address));
    expect(wallet.tokens).toHaveLength(2);

    const foreign = await get(`/api/wallet/${first.address}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Wallet not found', code: 'WALLET__NOT_FOUND' });
    expect((await get(`/api/wallet/${newTestKeypair().address}`)).statusCode).toBe(404);
  });

  it('shows another tenant none of these wallets', async () => {
    const body = listWalletsResponseSchema.parse(
      (await get('/api/wallets?summary=true', other)).json(),
    );
    expect(body.wallets).toEqual([]);
    expect(body.summary?.wallets.total).toBe(0);
    expect(body.summary?.totalLamports).toBe('0');
  });

  it('compresses a large slim list for clients that accept gzip', async () => {
    const bulk = await createOperator(app, 'bulk-lister@example.com');
    await seedWallets(harness.database.db, bulk.tenantId, { count: 300, tokensPerWallet: 2 });
    const response = await get('/api/wallets?mode=slim&summary=true', bulk, {
      'accept-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = readSlimWalletList(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')));
    expect(body.wallets).toHaveLength(300);
    expect(body.summary?.tokens.assetInstances).toBe(600);
    expect(body.summary?.closable.count).toBe(150);
    expect(body.wallets.filter((wallet) => wallet.tagIds.length > 0).length).toBeGreaterThan(0);
  });

  it('sends the slim list in br, gzip or plain text, the same list each way', async () => {
    const plain = await get('/api/wallets?mode=slim', operator, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/wallets?mode=slim', operator, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const refused = await get('/api/wallets?mode=slim', operator, {
      'accept-encoding': 'br;q=0, gzip',
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(refused.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('answers an unchanged list at the same version, and a changed one at once', async () => {
    const list = async () =>
      readSlimWalletList((await get('/api/wallets?mode=slim&summary=true')).json());
    const before = await list();
    const again = await get('/api/wallets?mode=slim&summary=true');
    expect(again.headers['server-timing']).toMatch(/^list;dur=[\d.]+;desc="cached"$/);
    expect(readSlimWalletList(again.json()).version).toBe(before.version);

    // A token account filled by a scan: counts and summary follow, under a new version.
    const secondId = ids.get(second.address) ?? '';
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx
        .update(schema.walletTokenAccounts)
        .set({ amount: '7' })
        .where(eq(schema.walletTokenAccounts.walletId, secondId)),
    );
    const filledAnswer = await get('/api/wallets?mode=slim&summary=true');
    expect(filledAnswer.headers['server-timing']).toContain('desc="written"');
    const filled = readSlimWalletList(filledAnswer.json());
    expect(BigInt(filled.version)).toBeGreaterThan(BigInt(before.version));
    const secondRow = filled.wallets.find((wallet) => wallet.id === secondId);
    expect(secondRow?.tokenStats).toEqual({ total: 1, withBalance: 1, zeroBalance: 0 });
    expect(filled.summary?.tokens.instancesWithBalance).toBe(
      (before.summary?.tokens.instancesWithBalance ?? 0) + 1,
    );

    // A tag through the API.
    const tagged = await post('/api/tags/assign', { walletIds: [secondId], tagIds: [tagId] });
    expect(tagged.statusCode).toBe(200);
    const afterTag = await list();
    expect(afterTag.wallets.find((wallet) => wallet.id === secondId)?.tagIds).toEqual([tagId]);

    // The token account closed: gone from the counts.
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx
        .delete(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.walletId, secondId)),
    );
    const closed = await list();
    expect(closed.wallets.find((wallet) => wallet.id === secondId)?.tokenStats).toEqual({
      total: 0,
      withBalance: 0,
      zeroBalance: 0,
    });
    // Another tenant's change leaves this tenant's version alone.
    const otherVersion = (await list()).version;
    await post('/api/create-wallet', { count: 1 }, other);
    expect((await list()).version).toBe(otherVersion);
  });
});
