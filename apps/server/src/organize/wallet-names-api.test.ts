import { randomUUID } from 'node:crypto';
import {
  readSlimWalletList,
  renameWalletResponseSchema,
  searchResponseSchema,
  type SlimWallet,
} from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { insertWallets } from './organize-fixtures';

describe.each(testDatabaseKinds)('naming wallets on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  let mine: { id: string; address: string };
  let archived: { id: string; address: string };
  let theirs: { id: string; address: string };

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = operator) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });

  const rename = (id: string, name: unknown, as = operator) =>
    call('PATCH', `/api/wallets/${id}`, { name }, as);

  const listed = async (id: string, as = operator): Promise<SlimWallet | undefined> =>
    readSlimWalletList(
      (await call('GET', '/api/wallets?mode=slim', undefined, as)).json(),
    ).wallets.find((wallet) => wallet.id === id);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'names@example.com');
    other = await createOperator(app, 'names-other@example.com');
    [mine, archived] = (await insertWallets(harness.database.db, operator.tenantId, [
      { lamports: 5n },
      { archived: true },
    ])) as [typeof mine, typeof archived];
    [theirs] = (await insertWallets(harness.database.db, other.tenantId, [{ name: 'Theirs' }])) as [
      typeof theirs,
    ];
  });
  afterAll(async () => {
    await harness.close();
  });

  it('names a wallet, trimmed, and the list, the search and the export show the name at once', async () => {
    // The list is read (and cached) first: the rename must move its version.
    expect((await listed(mine.id))?.name).toBeNull();
    const response = await rename(mine.id, '  Sniper 7  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(renameWalletResponseSchema.parse(response.json()).wallet).toEqual({
      id: mine.id,
      address: mine.address,
      name: 'Sniper 7',
    });
    expect((await listed(mine.id))?.name).toBe('Sniper 7');

    const search = searchResponseSchema.parse((await call('GET', '/api/search?q=sniper')).json());
    expect(search.wallets).toEqual([
      { id: mine.id, public_address: mine.address, name: 'Sniper 7' },
    ]);

    const csv = await call('POST', '/api/wallets/export', { format: 'csv', walletIds: [mine.id] });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n')[1]?.split(',').slice(0, 2)).toEqual([
      mine.address,
      'Sniper 7',
    ]);
  });

  it('clears the name with an empty one, and the table falls back to the address', async () => {
    await rename(mine.id, 'Temporary');
    for (const empty of ['', '   ']) {
      const response = await rename(mine.id, empty);
      expect(response.statusCode, response.body).toBe(200);
      expect(renameWalletResponseSchema.parse(response.json()).wallet.name).toBeNull();
      expect((await listed(mine.id))?.name).toBeNull();
    }
  });

  it('audits each rename with the wallet, never anything else of it', async () => {
    await rename(mine.id, 'Audited');
    const [row] = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, 'wallet.rename'), eq(schema.auditLog.actor, operator.email)),
      )
      .orderBy(desc(schema.auditLog.at))
      .limit(1);
    expect(row).toMatchObject({ outcome: 'success', tenantId: operator.tenantId });
    expect(JSON.parse(row?.detail ?? '{}')).toEqual({
      walletId: mine.id,
      address: mine.address,
      name: 'Audited',
    });
  });

  it('refuses names too long, with control characters or bidi marks, or not text, changing nothing', async () => {
    await rename(mine.id, 'Kept');
    const refused: [unknown, RegExp][] = [
      ['x'.repeat(65), /at most 64 characters/],
      ['bell\u0007', /control characters/],
      ['two\nlines', /control characters/],
      ['tab\there', /control characters/],
      ['\u202Eevil', /control characters/],
      ['iso\u2066late', /control characters/],
      [5, /must be text/],
      [null, /must be text/],
    ];
    for (const [name, message] of refused) {
      const response = await rename(mine.id, name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    expect((await call('PATCH', `/api/wallets/${mine.id}`, {})).statusCode).toBe(400);
    expect((await rename(mine.id, 'x'.repeat(64))).statusCode).toBe(200);
    expect((await rename(mine.id, 'Kept')).statusCode).toBe(200);
    expect((await listed(mine.id))?.name).toBe('Kept');
  });

  it('answers Wallet not found for another tenant’s wallet, an archived one and unknown ids', async () => {
    for (const id of [theirs.id, archived.id, randomUUID(), 'not-a-uuid']) {
      const response = await rename(id, 'Stolen');
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Wallet not found' });
    }
    expect((await listed(theirs.id, other))?.name).toBe('Theirs');
  });
});
