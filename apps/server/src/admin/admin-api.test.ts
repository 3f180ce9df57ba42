import { UNLIMITED_USES, licenseKeySchema } from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('the admin key API on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Failed attempts are answered after a growing delay, which these tests do not wait for.
    harness = await createTestApp(kind, { sleep: () => Promise.resolve() });
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      ...(payload ? { payload } : {}),
    });

  it('creates a batch of keys, each on its own tenant, and lists them', async () => {
    const response = await admin('POST', '/api/admin/keys', {
      durationDays: 30,
      tier: 'pro',
      batch: 3,
      maxUses: 5,
      name: 'Desk A',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; keys: unknown[] }>();
    expect(body.success).toBe(true);
    const keys = body.keys.map((key) => licenseKeySchema.parse(key));
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatchObject({
        tier: 'pro',
        uses: 0,
        max_uses: 5,
        revoked_at: null,
        name: 'Desk A',
      });
      expect(key.key).toMatch(/^FLEET(-[0-9A-HJKMNP-TV-Z]{5}){4}$/);
      expect(Date.parse(key.expires_at) - Date.parse(key.created_at)).toBe(30 * 86_400_000);
    }
    const rows = await harness.database.db.select().from(schema.licenseKeys);
    expect(new Set(rows.map((row) => row.tenantId)).size).toBe(rows.length);
    const listed = (await admin('GET', '/api/admin/keys'))
      .json<{ keys: { key: string }[] }>()
      .keys.map((key) => key.key);
    expect(listed).toEqual(expect.arrayContaining(keys.map((key) => key.key)));
  });

  it('stores unlimited keys as 999999 uses', async () => {
    const response = await admin('POST', '/api/admin/keys', {
      durationDays: 1,
      tier: 'basic',
      batch: 1,
      maxUses: UNLIMITED_USES,
    });
    expect(response.json<{ keys: { max_uses: number }[] }>().keys[0]?.max_uses).toBe(999_999);
  });

  it('revokes a key', async () => {
    const key = (
      await admin('POST', '/api/admin/keys', {
        durationDays: 1,
        tier: 'basic',
        batch: 1,
        maxUses: 1,
      })
    ).json<{
      keys: { key: string }[];
    }>().keys[0]?.key;
    const response = await admin('POST', '/api/admin/keys/revoke', { key });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ key: { revoked_at: string | null } }>().key.revoked_at).not.toBeNull();
    expect(
      (await admin('POST', '/api/admin/keys/revoke', { key: 'FLEET-UNKNOWN' })).statusCode,
    ).toBe(404);
  });

  it('upgrades or downgrades tier and maximum uses, and says what is missing', async () => {
    const key = (
      await admin('POST', '/api/admin/keys', {
        durationDays: 1,
        tier: 'basic',
        batch: 1,
        maxUses: 1,
      })
    ).json<{
      keys: { key: string }[];
    }>().keys[0]?.key;
    const upgraded = await admin('POST', '/api/admin/keys/upgrade', {
      key,
      newTier: 'enterprise',
      newMaxUses: 10,
    });
    expect(upgraded.json()).toMatchObject({
      success: true,
      key: { tier: 'enterprise', max_uses: 10 },
    });
    const downgraded = await admin('POST', '/api/admin/keys/upgrade', { key, newTier: 'basic' });
    expect(downgraded.json()).toMatchObject({ key: { tier: 'basic', max_uses: 10 } });
    const neither = await admin('POST', '/api/admin/keys/upgrade', { key });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({
      error: 'Please provide either a new tier or new maximum uses value',
      code: 'REQUEST__INVALID_INPUT',
    });
  });

  it.each([
    [{ durationDays: 0, tier: 'pro', batch: 1, maxUses: 1 }, 'Duration must be at least 1 day'],
    [
      { durationDays: 1, tier: 'gold', batch: 1, maxUses: 1 },
      'Tier must be one of basic, pro, enterprise',
    ],
    [
      { durationDays: 1, tier: 'pro', batch: 101, maxUses: 1 },
      'Batch size must be between 1 and 100',
    ],
    [
      { durationDays: 1, tier: 'pro', batch: 1, maxUses: 1_000_000 },
      'Maximum uses must be between 1 and 999999',
    ],
    [
      { durationDays: 'ten', tier: 'pro', batch: 1, maxUses: 1 },
      'Duration must be a number of days',
    ],
  ])('refuses %j without creating anything', async (payload, message) => {
    const before = (await harness.database.db.select().from(schema.licenseKeys)).length;
    const response = await admin('POST', '/api/admin/keys', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
    expect(await harness.database.db.select().from(schema.licenseKeys)).toHaveLength(before);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['wrong', 'not-the-admin-token-but-long-enough'],
    ['a prefix of the real one', TEST_ADMIN_TOKEN.slice(0, -1)],
    ['the real one plus a character', `${TEST_ADMIN_TOKEN}x`],
    ['very long', 'x'.repeat(16_000)],
    ['Unicode', 'tökén-🔑-管理'],
  ])(
    'answers a %s admin token with 401 "Authentication failed", never 500',
    async (_label, token) => {
      const headers = token === undefined ? {} : { 'x-admin-token': token };
      for (const [method, url] of [
        ['GET', '/api/admin/keys'],
        ['POST', '/api/admin/keys'],
        ['POST', '/api/admin/keys/revoke'],
        ['POST', '/api/admin/keys/upgrade'],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers,
          remoteAddress: `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toEqual({
          error: 'Authentication failed',
          code: 'ADMIN__AUTHENTICATION_FAILED',
        });
      }
    },
  );

  it('locks out an address after repeated bad tokens, audits every failure before the lock, and still lets the right token in', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/keys',
        remoteAddress: '203.0.113.50',
        headers: { 'x-admin-token': `guess-${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const stillWrong = await app.inject({
      method: 'GET',
      url: '/api/admin/keys',
      remoteAddress: '203.0.113.50',
      headers: { 'x-admin-token': 'one more guess' },
    });
    expect(stillWrong.statusCode).toBe(429);
    expect(stillWrong.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(stillWrong.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(stillWrong.headers['retry-after'])).toBeLessThanOrEqual(3_600);
    // Someone else behind the same address (a shared NAT) guessing must not lock the
    // administrator out: the right token is accepted from a locked address.
    const real = await app.inject({
      method: 'GET',
      url: '/api/admin/keys',
      remoteAddress: '203.0.113.50',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(real.statusCode).toBe(200);
    const failures = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.ip, '203.0.113.50'));
    expect(failures).toHaveLength(10);
    expect(failures.every((entry) => entry.outcome === 'failure' && entry.actor === 'admin')).toBe(
      true,
    );
  });

  it('lets the right admin token in from an address locked for failed sign-ins', async () => {
    for (let attempt = 0; attempt < 21; attempt++) {
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.51',
        payload: { email: 'nobody@example.com', password: `guess ${attempt}` },
      });
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.51',
      payload: { email: 'nobody@example.com', password: 'again' },
    });
    expect(signIn.statusCode).toBe(429);
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/keys',
      remoteAddress: '203.0.113.51',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(response.statusCode).toBe(200);
  });

  it('audits what administrators do', async () => {
    await admin('POST', '/api/admin/keys', { durationDays: 7, tier: 'pro', batch: 2, maxUses: 2 });
    const entries = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'admin.keys.create'));
    expect(
      entries.some((entry) => entry.outcome === 'success' && entry.detail?.includes('"count":2')),
    ).toBe(true);
  });
});
