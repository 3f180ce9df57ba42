import { randomUUID } from 'node:crypto';
import {
  assignTagsResponseSchema,
  createTagResponseSchema,
  listTagsResponseSchema,
  readSlimWalletList,
  tagFilterOf,
  walletHasTag,
  type Tag,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { insertSeedGroup, insertWallets, organizeRowCounts } from './organize-fixtures';

describe.each(testDatabaseKinds)('tags API on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'tags@example.com');
    other = await createOperator(app, 'tags-other@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as: Operator = operator,
  ) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });

  const listTags = async (as: Operator = operator): Promise<Tag[]> => {
    const response = await call('GET', '/api/tags', undefined, as);
    expect(response.statusCode).toBe(200);
    return listTagsResponseSchema.parse(response.json()).tags;
  };

  const newTag = async (name: string, as: Operator = operator): Promise<Tag> => {
    const response = await call('POST', '/api/tags', { name }, as);
    expect(response.statusCode).toBe(201);
    return createTagResponseSchema.parse(response.json()).tag;
  };

  it('lists the system Trader tag, one computed tag per seed group and custom tags, with counts', async () => {
    const seedId = await insertSeedGroup(harness.database.db, operator.tenantId, 'Cold vault');
    await insertWallets(harness.database.db, operator.tenantId, [
      { isTrader: true },
      { isTrader: true, archived: true },
      { seedGroupId: seedId },
      { seedGroupId: seedId },
    ]);
    const tags = await listTags();
    const trader = tags.find((tag) => tag.slug === 'trader');
    expect(trader).toMatchObject({ is_system: true, is_computed: true, wallet_count: 1 });
    const seed = tags.find((tag) => tag.id === seedId);
    expect(seed).toMatchObject({
      slug: `seed_vault_${seedId}`,
      name: 'Cold vault',
      is_computed: true,
      wallet_count: 2,
    });
    expect((await listTags()).filter((tag) => tag.slug === 'trader')).toHaveLength(1);
  });

  it('filters the wallet list by every listed tag as the wallets page does, computed ones included', async () => {
    const tags = await listTags();
    const slimList = async (query: string) =>
      readSlimWalletList((await call('GET', `/api/wallets?mode=slim${query}`)).json()).wallets;
    const everyWallet = await slimList('');
    for (const tag of tags) {
      const filtered = (await slimList(`&tag=${encodeURIComponent(tag.slug)}`)).map((w) => w.id);
      expect(filtered, tag.slug).toHaveLength(tag.wallet_count);
      const filter = tagFilterOf(tag.slug, tags);
      const inBrowser = everyWallet.filter((wallet) => walletHasTag(wallet, filter));
      expect(filtered.sort(), tag.slug).toEqual(inBrowser.map((wallet) => wallet.id).sort());
    }
    expect(tags.some((tag) => tag.slug === 'trader' && tag.wallet_count > 0)).toBe(true);
    expect(tags.some((tag) => tag.slug.startsWith('seed_vault_') && tag.wallet_count > 0)).toBe(
      true,
    );
    expect(await slimList('&tag=seed_vault_not-a-uuid')).toEqual([]);
  });

  it('creates a tag with a slug from its name, the default colour and a 409 for the same name again', async () => {
    const tag = await newTag('  VIP Wallets!  ');
    expect(tag).toMatchObject({
      name: 'VIP Wallets!',
      slug: 'vip-wallets',
      color: '#3b82f6',
      is_system: false,
      is_computed: false,
      wallet_count: 0,
    });
    const again = await call('POST', '/api/tags', { name: 'vip wallets' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'A tag with this name already exists' });
    const trader = await call('POST', '/api/tags', { name: 'Trader' });
    expect(trader.statusCode).toBe(409);
  });

  it('refuses empty, too long, symbol-only names and colours that are not hex', async () => {
    const before = await organizeRowCounts(harness.database.db, operator.tenantId);
    for (const payload of [
      { name: '   ' },
      { name: 'x'.repeat(65) },
      { name: '!!!' },
      { name: 'Fine', color: 'red' },
      { name: 'Fine', color: '#12' },
      {},
    ]) {
      const response = await call('POST', '/api/tags', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await call('POST', '/api/tags', { name: 'x'.repeat(64) })).statusCode).toBe(201);
    expect(await organizeRowCounts(harness.database.db, operator.tenantId)).toEqual({
      ...before,
      tags: before.tags + 1,
    });
  });

  it('assigns idempotently, counts real changes and unassigns', async () => {
    const tag = await newTag('Snipers');
    const wallets = await insertWallets(harness.database.db, operator.tenantId, [{}, {}, {}]);
    const walletIds = wallets.map((wallet) => wallet.id);
    const assign = (ids: string[]) =>
      call('POST', '/api/tags/assign', { walletIds: ids, tagIds: [tag.id] });

    const first = await assign(walletIds.slice(0, 2));
    expect(first.statusCode).toBe(200);
    expect(assignTagsResponseSchema.parse(first.json()).changed).toBe(2);
    expect((await assign(walletIds)).json()).toEqual({ changed: 1 });
    expect((await assign(walletIds)).json()).toEqual({ changed: 0 });
    expect((await listTags()).find((t) => t.id === tag.id)?.wallet_count).toBe(3);

    const unassign = await call('POST', '/api/tags/unassign', {
      walletIds: [walletIds[0], walletIds[0]],
      tagIds: [tag.id],
    });
    expect(unassign.json()).toEqual({ changed: 1 });
    expect((await listTags()).find((t) => t.id === tag.id)?.wallet_count).toBe(2);
  });

  it('changes nothing when any wallet or tag is unknown, archived or another tenant’s', async () => {
    const tag = await newTag('All or nothing');
    const [mine, archived] = await insertWallets(harness.database.db, operator.tenantId, [
      {},
      { archived: true },
    ]);
    const [theirs] = await insertWallets(harness.database.db, other.tenantId, [{}]);
    const theirTag = await newTag('Theirs', other);
    const before = await organizeRowCounts(harness.database.db, operator.tenantId);
    const otherBefore = await organizeRowCounts(harness.database.db, other.tenantId);
    const cases = [
      { walletIds: [mine?.id, randomUUID()], tagIds: [tag.id] },
      { walletIds: [mine?.id, archived?.id], tagIds: [tag.id] },
      { walletIds: [mine?.id, theirs?.id], tagIds: [tag.id] },
      { walletIds: [mine?.id], tagIds: [tag.id, theirTag.id] },
      { walletIds: [theirs?.id], tagIds: [theirTag.id] },
      // As many ids as the contract allows (~3.9 MB): read and refused whole, not cut off at 413.
      {
        walletIds: [mine?.id, ...Array.from({ length: 99_999 }, () => randomUUID())],
        tagIds: [tag.id],
      },
    ];
    for (const payload of cases) {
      for (const url of ['/api/tags/assign', '/api/tags/unassign']) {
        const response = await call('POST', url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 200)}`).toBe(404);
        expect(response.json<{ error: string }>().error).toMatch(/not found/);
      }
    }
    expect(await organizeRowCounts(harness.database.db, operator.tenantId)).toEqual(before);
    expect(await organizeRowCounts(harness.database.db, other.tenantId)).toEqual(otherBefore);
  });

  it('refuses to assign system and seed tags, and rejects ids that are not uuids or empty lists', async () => {
    const seedId = await insertSeedGroup(harness.database.db, operator.tenantId, null);
    const [wallet] = await insertWallets(harness.database.db, operator.tenantId, [{}]);
    const trader = (await listTags()).find((tag) => tag.slug === 'trader');
    for (const tagId of [trader?.id, seedId]) {
      const response = await call('POST', '/api/tags/assign', {
        walletIds: [wallet?.id],
        tagIds: [tagId],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/computed/);
    }
    for (const payload of [
      { walletIds: ['nope'], tagIds: [trader?.id] },
      { walletIds: [wallet?.id], tagIds: ['nope'] },
      { walletIds: [], tagIds: [trader?.id] },
      { walletIds: [wallet?.id], tagIds: [] },
      { walletIds: 'all', tagIds: [trader?.id] },
    ]) {
      expect((await call('POST', '/api/tags/assign', payload)).statusCode).toBe(400);
    }
    expect(
      (await call('POST', '/api/tags/assign', { walletIds: [], tagIds: [trader?.id] })).json<{
        error: string;
      }>().error,
    ).toContain('No wallets selected - Select at least one wallet');
  });

  it('renames and recolours a custom tag, keeps slugs unique and refuses system, seed and foreign tags', async () => {
    const tag = await newTag('Old name');
    await newTag('Taken');
    const renamed = await call('PATCH', `/api/tags/${tag.id}`, {
      name: 'New name',
      color: '#ABCDEF',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      tag: { name: 'New name', slug: 'new-name', color: '#abcdef' },
    });
    expect((await call('PATCH', `/api/tags/${tag.id}`, { name: 'taken' })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/tags/${tag.id}`, { color: 'red' })).statusCode).toBe(400);

    const trader = (await listTags()).find((t) => t.slug === 'trader');
    expect((await call('PATCH', `/api/tags/${trader?.id}`, { name: 'Mine' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/tags/${trader?.id}`)).statusCode).toBe(400);
    const theirs = await newTag('Private', other);
    const foreign = await call('PATCH', `/api/tags/${theirs.id}`, { name: 'Stolen' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'Tag not found' });
    expect((await call('DELETE', `/api/tags/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/tags/not-a-uuid')).statusCode).toBe(404);
    expect((await listTags(other)).find((t) => t.id === theirs.id)?.name).toBe('Private');
  });

  it('deletes a custom tag with its assignments and leaves the wallets alone', async () => {
    const tag = await newTag('Short lived');
    const wallets = await insertWallets(harness.database.db, operator.tenantId, [{}, {}]);
    await call('POST', '/api/tags/assign', {
      walletIds: wallets.map((w) => w.id),
      tagIds: [tag.id],
    });
    const before = await organizeRowCounts(harness.database.db, operator.tenantId);
    const deleted = await call('DELETE', `/api/tags/${tag.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await organizeRowCounts(harness.database.db, operator.tenantId)).toEqual({
      ...before,
      tags: before.tags - 1,
      walletTags: before.walletTags - 2,
    });
    expect((await listTags()).some((t) => t.id === tag.id)).toBe(false);
  });

  it('lists only the caller’s tags and needs a session', async () => {
    const theirs = await newTag('Only B', other);
    expect((await listTags()).some((tag) => tag.id === theirs.id)).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/tags' })).statusCode).toBe(401);
  });
});
