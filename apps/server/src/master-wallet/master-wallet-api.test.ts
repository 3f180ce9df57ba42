import { masterHistoryPageSchema } from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('the master wallet API on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'master@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: operator.cookie },
      ...(payload ? { payload } : {}),
    });

  it('answers 404 before a master wallet is set', async () => {
    const response = await call('GET', '/api/master-wallet');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'No master wallet is set',
      code: 'MASTER_WALLET__NOT_FOUND',
    });
  });

  it('saves a key, derives its address, and never returns the key from a read', async () => {
    const wallet = newTestKeypair();
    const saved = await call('PATCH', '/api/master-wallet', { private_key: wallet.privateKey });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ public_address: wallet.address, has_private_key: true });
    const read = await call('GET', '/api/master-wallet');
    expect(read.json()).toMatchObject({ public_address: wallet.address });
    expect(read.body).not.toContain(wallet.privateKey);
  });

  it('reveals the key only on the explicit call, and audits it', async () => {
    const wallet = newTestKeypair();
    await call('PATCH', '/api/master-wallet', {
      private_key: wallet.privateKey,
      public_address: wallet.address,
    });
    const revealed = await call('POST', '/api/master-wallet/reveal');
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(revealed.json()).toEqual({
      public_address: wallet.address,
      private_key: wallet.privateKey,
    });
    const audits = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'master_wallet.reveal'));
    expect(
      audits.some((entry) => entry.actor === operator.email && entry.outcome === 'success'),
    ).toBe(true);
  });

  it('answers the first 10 of 30 reveals in a row and refuses the rest with 429, each audited', async () => {
    const hasty = await createOperator(app, 'master-hasty@example.com');
    const wallet = newTestKeypair();
    await app.inject({
      method: 'PATCH',
      url: '/api/master-wallet',
      cookies: { fleet_session: hasty.cookie },
      payload: { private_key: wallet.privateKey },
    });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let index = 0; index < 30; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/master-wallet/reveal',
        cookies: { fleet_session: hasty.cookie },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused ??= response;
      else expect(response.json()).toMatchObject({ private_key: wallet.privateKey });
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(20).fill(429)]);
    const retryAfter = refused?.headers['retry-after'];
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(refused?.json()).toEqual({
      error: `Too many key requests. Try again in ${String(retryAfter)} seconds.`,
      code: 'WALLET__KEY_REQUESTS_RATE_LIMITED',
    });
    expect(refused?.body).not.toContain(wallet.privateKey);

    const audits = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.actor, hasty.email),
          eq(schema.auditLog.action, 'master_wallet.reveal'),
        ),
      );
    expect(audits.filter((entry) => entry.outcome === 'success')).toHaveLength(10);
    const refusals = audits.filter((entry) => entry.outcome === 'failure');
    expect(refusals).toHaveLength(20);
    expect(refusals.every((entry) => entry.tenantId === hasty.tenantId)).toBe(true);
    expect(JSON.parse(refusals[0]?.detail ?? '{}')).toMatchObject({
      address: wallet.address,
      reason: 'rate limited',
    });
    expect(audits.map((entry) => entry.detail).join('')).not.toContain(wallet.privateKey);
  });

  it('counts master key reveals and wallet key reveals in one bucket: a key is a key', async () => {
    const mixed = await createOperator(app, 'master-mixed@example.com');
    const as = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, cookies: { fleet_session: mixed.cookie }, payload });
    const master = newTestKeypair();
    const imported = newTestKeypair();
    await app.inject({
      method: 'PATCH',
      url: '/api/master-wallet',
      cookies: { fleet_session: mixed.cookie },
      payload: { private_key: master.privateKey },
    });
    expect((await as('/api/wallet', { privateKeys: [imported.privateKey] })).statusCode).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/groups/all/wallets',
      cookies: { fleet_session: mixed.cookie },
    });
    const walletId = list
      .json<{ wallets: { id: string; public_address: string }[] }>()
      .wallets.find((entry) => entry.public_address === imported.address)?.id;
    for (let index = 0; index < 5; index += 1) {
      expect((await as('/api/master-wallet/reveal', {})).statusCode).toBe(200);
      expect(
        (await as('/api/wallets/reveal-keys', { walletIds: [walletId], purpose: 'reveal' }))
          .statusCode,
      ).toBe(200);
    }
    expect((await as('/api/master-wallet/reveal', {})).statusCode).toBe(429);
    expect(
      (await as('/api/wallets/reveal-keys', { walletIds: [walletId], purpose: 'reveal' }))
        .statusCode,
    ).toBe(429);
  });

  it('answers at most 10 of 30 reveals sent at once', async () => {
    const burst = await createOperator(app, 'master-burst@example.com');
    await app.inject({
      method: 'PATCH',
      url: '/api/master-wallet',
      cookies: { fleet_session: burst.cookie },
      payload: { private_key: newTestKeypair().privateKey },
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/master-wallet/reveal',
          cookies: { fleet_session: burst.cookie },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('audits a reveal without a master wallet as a failure that says why', async () => {
    const empty = await createOperator(app, 'master-empty@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/master-wallet/reveal',
      cookies: { fleet_session: empty.cookie },
    });
    expect(response.statusCode).toBe(404);
    const [audit] = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.actor, empty.email),
          eq(schema.auditLog.action, 'master_wallet.reveal'),
        ),
      );
    expect(audit?.outcome).toBe('failure');
    expect(audit?.tenantId).toBe(empty.tenantId);
    expect(JSON.parse(audit?.detail ?? '{}')).toEqual({ reason: 'No master wallet is set' });
  });

  it.each([
    ['', 'Private key is empty'],
    ['[1,2,3]', 'Invalid private key length'],
    ['this is not a key!', 'Unsupported private key format'],
    ['[1, 2', 'Failed to parse private key'],
  ])('refuses the key %j with "%s" and changes nothing', async (privateKey, message) => {
    const before = (await call('GET', '/api/master-wallet')).body;
    const response = await call('PATCH', '/api/master-wallet', { private_key: privateKey });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'MASTER_WALLET__INVALID_KEY' });
    expect((await call('GET', '/api/master-wallet')).body).toBe(before);
  });

  it('refuses an address that is not the one the key derives', async () => {
    const wallet = newTestKeypair();
    const other = newTestKeypair();
    const response = await call('PATCH', '/api/master-wallet', {
      private_key: wallet.privateKey,
      public_address: other.address,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'The public address does not match the private key',
    );
  });

  it('reads the master balance from the chain in lamports, as a string', async () => {
    const wallet = newTestKeypair();
    await call('PATCH', '/api/master-wallet', { private_key: wallet.privateKey });
    await harness.localnet.admin.fund(wallet.address, 2_500_000_001n);
    const response = await call('GET', '/api/master-wallet/balance');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ public_address: wallet.address, lamports: '2500000001' });
  });

  it('keeps a history of set, refresh, swap and cleared, 25 a page, newest first, without keys', async () => {
    const fresh = await createOperator(app, 'history@example.com');
    const as = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        cookies: { fleet_session: fresh.cookie },
        ...(payload ? { payload } : {}),
      });
    const first = newTestKeypair();
    await as('PATCH', '/api/master-wallet', { private_key: first.privateKey });
    await as('PATCH', '/api/master-wallet', { private_key: first.privateKey });
    for (let index = 0; index < 27; index++) {
      await as('PATCH', '/api/master-wallet', { private_key: newTestKeypair().privateKey });
    }
    expect((await as('DELETE', '/api/master-wallet')).json()).toEqual({ success: true });
    expect((await as('DELETE', '/api/master-wallet')).statusCode).toBe(404);

    const pageOne = masterHistoryPageSchema.parse(
      (await as('GET', '/api/history/master-wallet')).json(),
    );
    expect(pageOne.entries).toHaveLength(25);
    expect(pageOne.hasMore).toBe(true);
    expect(pageOne.entries[0]?.action).toBe('cleared');
    const pageTwo = masterHistoryPageSchema.parse(
      (await as('GET', `/api/history/master-wallet?before=${pageOne.nextCursor ?? ''}`)).json(),
    );
    expect(pageTwo.hasMore).toBe(false);
    expect(pageTwo.nextCursor).toBeNull();
    const all = [...pageOne.entries, ...pageTwo.entries];
    expect(all).toHaveLength(30);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(30);
    expect(
      all
        .map((entry) => entry.action)
        .reverse()
        .slice(0, 3),
    ).toEqual(['set', 'refresh', 'swap']);
    expect(
      all.every((entry) => entry.previous_private_key === null && entry.new_private_key === null),
    ).toBe(true);
    expect(all.every((entry) => entry.requested_by === 'history@example.com')).toBe(true);
    const bad = await as('GET', '/api/history/master-wallet?before=garbage');
    expect(bad.statusCode).toBe(400);
    expect((await as('GET', '/api/history/master-wallet?limit=0')).statusCode).toBe(400);
  });

  it('requires a session for every master wallet call', async () => {
    for (const [method, url] of [
      ['GET', '/api/master-wallet'],
      ['PATCH', '/api/master-wallet'],
      ['DELETE', '/api/master-wallet'],
      ['POST', '/api/master-wallet/reveal'],
      ['GET', '/api/master-wallet/balance'],
      ['GET', '/api/history/master-wallet'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
