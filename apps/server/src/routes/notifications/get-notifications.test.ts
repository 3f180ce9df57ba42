import { notificationFeedResponseSchema, type NotificationFeedResponse } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  sessionCookieOf,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../testing/test-app';

describe.each(testDatabaseKinds)('the notification feed on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let address = 0;

  beforeAll(async () => {
    harness = await createTestApp(kind, { sleep: () => Promise.resolve() });
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  const newKey = async () =>
    expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/admin/keys',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        payload: { durationDays: 30, tier: 'pro', batch: 1, maxUses: 5 },
      }),
    ).json<{ keys: { key: string }[] }>().keys[0]?.key ?? '';

  /** Joins the licence as a new member; returns their session cookie. */
  const join = async (email: string, licenseKey: string) => {
    const { token } = expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/auth/invite-request',
        remoteAddress: `198.19.2.${++address}`,
        payload: { email },
      }),
    ).json<{ token: string }>();
    return sessionCookieOf(
      expectOk(
        await app.inject({
          method: 'POST',
          url: '/api/auth/activate',
          payload: { token, password: 'long enough pw', licenseKey },
        }),
      ),
    );
  };

  const feed = async (cookie: string, since?: string) =>
    notificationFeedResponseSchema.parse(
      expectOk(
        await app.inject({
          method: 'GET',
          url: '/api/notifications',
          cookies: { fleet_session: cookie },
          ...(since === undefined ? {} : { query: { since } }),
        }),
      ).json<NotificationFeedResponse>(),
    ).notifications;

  it('tells each member who joined their licence after them, newest first, never about themselves', async () => {
    const licenseA = await newKey();
    const founder = await join('founder-a@example.com', licenseA);
    const second = await join('second-a@example.com', licenseA);
    const third = await join('third-a@example.com', licenseA);

    const seenByFounder = await feed(founder);
    expect(seenByFounder.map((entry) => entry.message)).toEqual([
      'third-a@example.com joined this licence',
      'second-a@example.com joined this licence',
    ]);
    expect(seenByFounder[0]).toMatchObject({ severity: 'info', title: 'New member' });
    expect(Date.parse(seenByFounder[0]?.at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(seenByFounder[1]?.at ?? ''),
    );
    expect((await feed(second)).map((entry) => entry.message)).toEqual([
      'third-a@example.com joined this licence',
    ]);
    expect(await feed(third)).toEqual([]);

    // Asked again from the newest entry it has, the feed has nothing new until someone joins.
    const newest = seenByFounder[0]?.at ?? '';
    expect(await feed(founder, newest)).toEqual([]);
    await join('fourth-a@example.com', licenseA);
    expect((await feed(founder, newest)).map((entry) => entry.message)).toEqual([
      'fourth-a@example.com joined this licence',
    ]);
  });

  it("never shows one tenant another tenant's joins", async () => {
    const licenseA = await newKey();
    const licenseB = await newKey();
    const memberA = await join('founder-x@example.com', licenseA);
    const memberB = await join('founder-y@example.com', licenseB);
    await join('joiner-y@example.com', licenseB);
    await join('joiner-x@example.com', licenseA);
    expect((await feed(memberA)).map((entry) => entry.message)).toEqual([
      'joiner-x@example.com joined this licence',
    ]);
    expect((await feed(memberB)).map((entry) => entry.message)).toEqual([
      'joiner-y@example.com joined this licence',
    ]);
  });

  it('needs a session and a well-formed since', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
    const member = await join('asker@example.com', await newKey());
    const bad = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      query: { since: 'yesterday' },
      cookies: { fleet_session: member },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain(
      'since must be an ISO 8601 date and time',
    );
  });
});
