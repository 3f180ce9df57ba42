import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, expectOk, TEST_ADMIN_TOKEN } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('invites and activation on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let nextAddress = 0;
  // Each invite from its own address, so the per-address limit is not what a test meets.
  const freshAddress = () => `198.19.1.${++nextAddress}`;

  beforeAll(async () => {
    harness = await createTestApp(kind, { sleep: () => Promise.resolve() });
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  const newKey = async (maxUses: number) =>
    expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/admin/keys',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        payload: { durationDays: 30, tier: 'pro', batch: 1, maxUses },
      }),
    ).json<{ keys: { key: string }[] }>().keys[0]?.key ?? '';
  const inviteToken = async (email: string) =>
    expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/auth/invite-request',
        remoteAddress: freshAddress(),
        payload: { email },
      }),
    ).json<{ token: string }>().token;
  const activate = (token: string, licenseKey: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      payload: { token, password: 'long enough pw', licenseKey },
    });

  it('never lets two concurrent activations both take the last use of a licence', async () => {
    for (const maxUses of [1, 2, 3]) {
      const licenseKey = await newKey(maxUses);
      for (let index = 0; index < maxUses - 1; index++) {
        expectOk(
          await activate(await inviteToken(`early-${maxUses}-${index}@example.com`), licenseKey),
        );
      }
      const tokens = await Promise.all(
        [0, 1, 2].map((index) => inviteToken(`race-${maxUses}-${index}@example.com`)),
      );
      const answers = await Promise.all(tokens.map((token) => activate(token, licenseKey)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, `max uses ${maxUses}`).toEqual([201, 403, 403]);
      for (const refused of answers.filter((answer) => answer.statusCode === 403)) {
        expect(refused.json<{ error: string }>().error).toBe(
          'This licence key has no activations left',
        );
      }
      const [license] = await harness.database.db
        .select()
        .from(schema.licenseKeys)
        .where(eq(schema.licenseKeys.key, licenseKey));
      expect(license?.uses).toBe(maxUses);
      const members = await harness.database.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.tenantId, license?.tenantId ?? ''));
      expect(members).toHaveLength(maxUses);
      // A refused activation leaves its invite usable with another key.
      const refusedIndex = answers.findIndex((answer) => answer.statusCode === 403);
      expect((await activate(tokens[refusedIndex] ?? '', await newKey(1))).statusCode).toBe(201);
    }
  });

  it('audits every join with the licence it joined, masked', async () => {
    const licenseKey = await newKey(2);
    const first = expectOk(await activate(await inviteToken('founder@example.com'), licenseKey));
    expectOk(await activate(await inviteToken('joiner@example.com'), licenseKey));
    const tenantId = first.json<{ tenant: { id: string } }>().tenant.id;
    const joins = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.tenantId, tenantId), eq(schema.auditLog.action, 'auth.activate')),
      );
    expect(joins.map((entry) => [entry.actor, entry.outcome]).sort()).toEqual([
      ['founder@example.com', 'success'],
      ['joiner@example.com', 'success'],
    ]);
    for (const entry of joins) {
      expect(entry.detail).not.toContain(licenseKey);
      expect(entry.detail).toContain(licenseKey.slice(-5));
    }
  });

  it('limits invite requests from one address, counting answers for existing accounts too', async () => {
    const emails: string[] = [];
    for (let index = 0; index < 8; index++) {
      emails.push((await createOperator(app, `member-${index}@example.com`)).email);
    }
    const statuses: number[] = [];
    for (const email of emails) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/invite-request',
        remoteAddress: '203.0.113.200',
        payload: { email },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/invite-request',
      remoteAddress: '203.0.113.200',
      payload: { email: 'someone-new@example.com' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toBe(
      'Too many invite requests. Please try again later.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits invite requests for one e-mail address, whichever address they come from', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/invite-request',
        remoteAddress: freshAddress(),
        payload: { email: 'popular@example.com' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 202, 202, 429, 429]);
  });
});
