import {
  PERMANENT_DELETE_CONFIRMATION,
  archiveWalletsResponseSchema,
  createWalletsResponseSchema,
  listArchivedWalletsResponseSchema,
  readSlimWalletList,
  restoreWalletsResponseSchema,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('creating, archiving and restoring wallets on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;

  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object, as = operator) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });

  const create = async (count: number, as = operator) =>
    createWalletsResponseSchema.parse(
      (await call('POST', '/api/create-wallet', { count, is_trader: false }, as)).json(),
    );

  const activeIds = async (as = operator) =>
    readSlimWalletList(
      (await call('GET', '/api/wallets?mode=slim', undefined, as)).json(),
    ).wallets.map((wallet) => wallet.id);

  const archivedIds = async (as = operator) =>
    listArchivedWalletsResponseSchema
      .parse((await call('GET', '/api/archived-wallets', undefined, as)).json())
      .wallets.map((wallet) => wallet.id);

  const lastAudit = async (action: string) => {
    const [row] = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.actor, operator.email)))
      .orderBy(desc(schema.auditLog.at))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'keeper@example.com');
    other = await createOperator(app, 'other-keeper@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  it('creates wallets with server-made keys in one manual batch, badged new', async () => {
    const response = await call('POST', '/api/create-wallet', { count: 20, is_trader: true });
    expect(response.statusCode).toBe(200);
    const created = createWalletsResponseSchema.parse(response.json());
    expect(created.wallets).toHaveLength(20);
    expect(new Set(created.wallets.map((wallet) => wallet.address)).size).toBe(20);

    const list = readSlimWalletList(
      (await call('GET', `/api/wallets?mode=slim&importBatchId=${created.batchId}`)).json(),
    );
    expect(list.wallets).toHaveLength(20);
    for (const wallet of list.wallets) {
      expect(wallet).toMatchObject({
        importStatus: 'new',
        sourceKind: 'manual',
        sourceId: null,
        sourceLabel: 'PK',
        isTrader: true,
        // A new keypair holds nothing on chain, known since its creation: not "never scanned".
        lamports: '0',
        lastScannedAt: wallet.createdAt,
      });
    }
    const batch = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.select().from(schema.importBatches).where(eq(schema.importBatches.id, created.batchId)),
    );
    expect(batch[0]).toMatchObject({ sourceKind: 'manual', created: 20 });
    const audit = await lastAudit('wallet.create');
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({
      count: 20,
      batchId: created.batchId,
    });
  });

  it('refuses counts outside 1 to 100 and non-numbers, creating nothing', async () => {
    const before = (await activeIds()).length;
    for (const count of [0, 101, 'x', 2.5, -1]) {
      const response = await call('POST', '/api/create-wallet', { count, is_trader: false });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/Count must be/);
    }
    expect((await call('POST', '/api/create-wallet', {})).statusCode).toBe(400);
    expect((await activeIds()).length).toBe(before);
  });

  it('archives wallets, lists them newest first, and restores them', async () => {
    const created = await create(3);
    const [a, b, c] = created.wallets.map((wallet) => wallet.id) as [string, string, string];
    const first = await call('DELETE', '/api/archived-wallets', { walletIds: [a] });
    expect(first.statusCode).toBe(200);
    expect(archiveWalletsResponseSchema.parse(first.json())).toEqual({ archived: 1, deleted: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (await call('DELETE', '/api/archived-wallets', { walletIds: [b, c], permanent: false }))
        .statusCode,
    ).toBe(200);

    const archived = await archivedIds();
    expect(archived.at(-1)).toBe(a);
    expect(new Set(archived)).toEqual(new Set([a, b, c]));
    const active = await activeIds();
    expect(active).not.toContain(a);

    const restored = await call('POST', '/api/restore-wallets', { ids: [a, b] });
    expect(restored.statusCode).toBe(200);
    expect(restoreWalletsResponseSchema.parse(restored.json())).toEqual({ restored: 2 });
    expect(await archivedIds()).toEqual([c]);
    expect(await activeIds()).toEqual(expect.arrayContaining([a, b]));
    expect(JSON.parse((await lastAudit('wallet.restore'))?.detail ?? '{}')).toMatchObject({
      count: 2,
    });
  });

  it('changes nothing when any id is unknown, foreign or in the wrong state', async () => {
    const mine = (await create(2)).wallets.map((wallet) => wallet.id) as [string, string];
    const theirs = (await create(1, other)).wallets.map((wallet) => wallet.id) as [string];
    const unknown = '00000000-0000-4000-8000-000000000000';

    for (const walletIds of [
      [mine[0], unknown],
      [mine[0], theirs[0]],
    ]) {
      const response = await call('DELETE', '/api/archived-wallets', { walletIds });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: string }>().error).toBe(
        '1 of 2 wallets not found among active wallets; nothing was changed',
      );
    }
    expect(await activeIds()).toEqual(expect.arrayContaining(mine));
    expect(await activeIds(other)).toEqual(theirs);

    const notArchived = await call('POST', '/api/restore-wallets', { ids: [mine[0]] });
    expect(notArchived.statusCode).toBe(404);
    expect(notArchived.json<{ error: string }>().error).toBe('Wallet not found in the archive');

    await call('DELETE', '/api/archived-wallets', { walletIds: theirs }, other);
    const foreignRestore = await call('POST', '/api/restore-wallets', { ids: theirs });
    expect(foreignRestore.statusCode).toBe(404);
    const foreignDelete = await call('DELETE', '/api/archived-wallets', {
      walletIds: theirs,
      permanent: true,
      confirm: PERMANENT_DELETE_CONFIRMATION,
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect(await archivedIds(other)).toEqual(theirs);
    expect(await archivedIds()).not.toContain(theirs[0]);
  });

  it('refuses empty lists, non-uuid ids and a missing body', async () => {
    const empty = await call('DELETE', '/api/archived-wallets', { walletIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toContain('No wallets selected');
    expect((await call('DELETE', '/api/archived-wallets', { walletIds: ['x'] })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/restore-wallets', { ids: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/restore-wallets', { ids: 'abc' })).statusCode).toBe(400);
  });

  it('keeps the master wallet out of the archive', async () => {
    const master = newTestKeypair();
    await call('POST', '/api/wallet', { privateKeys: [master.privateKey] });
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
    const masterId = readSlimWalletList(
      (await call('GET', '/api/wallets?mode=slim')).json(),
    ).wallets.find((wallet) => wallet.address === master.address)?.id;
    const plain = (await create(1)).wallets[0]?.id;
    const response = await call('DELETE', '/api/archived-wallets', {
      walletIds: [plain, masterId],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('The master wallet cannot be archived');
    expect(await activeIds()).toEqual(expect.arrayContaining([plain, masterId]));
  });

  it('deletes archived wallets for good only with the confirmation, links and all', async () => {
    const [id] = (await create(1)).wallets.map((wallet) => wallet.id) as [string];
    await withTenant(harness.database.db, operator.tenantId, async (tx) => {
      // Scanned and empty: a funded or never-scanned wallet also needs its count confirmed.
      await tx.update(schema.wallets).set({ lamports: 0n }).where(eq(schema.wallets.id, id));
      const [tag] = await tx
        .insert(schema.tags)
        .values({ tenantId: operator.tenantId, slug: 'gone', name: 'Gone' })
        .returning();
      await tx
        .insert(schema.walletTags)
        .values({ tenantId: operator.tenantId, walletId: id, tagId: tag?.id ?? '' });
      await tx.insert(schema.walletTokenAccounts).values({
        tenantId: operator.tenantId,
        tokenAccount: newTestKeypair().address,
        walletId: id,
        mint: newTestKeypair().address,
        program: 'spl-token',
        amount: '0',
        decimals: 6,
      });
    });
    const active = await call('DELETE', '/api/archived-wallets', {
      walletIds: [id],
      permanent: true,
      confirm: PERMANENT_DELETE_CONFIRMATION,
    });
    expect(active.statusCode).toBe(404);

    await call('DELETE', '/api/archived-wallets', { walletIds: [id] });
    for (const confirm of [undefined, 'delete permanently']) {
      const refused = await call('DELETE', '/api/archived-wallets', {
        walletIds: [id],
        permanent: true,
        ...(confirm ? { confirm } : {}),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: string }>().error).toContain(PERMANENT_DELETE_CONFIRMATION);
    }
    expect(await archivedIds()).toContain(id);

    const deleted = await call('DELETE', '/api/archived-wallets', {
      walletIds: [id],
      permanent: true,
      confirm: PERMANENT_DELETE_CONFIRMATION,
    });
    expect(deleted.statusCode).toBe(200);
    expect(archiveWalletsResponseSchema.parse(deleted.json())).toEqual({ archived: 0, deleted: 1 });
    expect(await archivedIds()).not.toContain(id);
    const left = await withTenant(harness.database.db, operator.tenantId, async (tx) => ({
      wallets: await tx.select().from(schema.wallets).where(eq(schema.wallets.id, id)),
      tags: await tx.select().from(schema.walletTags).where(eq(schema.walletTags.walletId, id)),
      tokens: await tx
        .select()
        .from(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.walletId, id)),
    }));
    expect(left).toEqual({ wallets: [], tags: [], tokens: [] });
    const audit = JSON.parse((await lastAudit('wallet.delete_permanently'))?.detail ?? '{}') as {
      count: number;
      addresses: string[];
    };
    expect(audit).toMatchObject({ count: 1 });
    expect(audit.addresses).toHaveLength(1);
  });
});
