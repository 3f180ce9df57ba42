import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maskLicenseKey, systemClock } from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOperator,
  createTestApp,
  expectOk,
  sessionCookieOf,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../testing/test-app';

describe.each(testDatabaseKinds)('sign-in, invites and sessions on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let clock = Date.now();
  let inviteAddress = 0;

  beforeAll(async () => {
    harness = await createTestApp(kind, {
      clock: { ...systemClock, now: () => clock },
      sessionPolicy: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
      // Throttled answers wait; sign-in-throttle.test.ts checks how long. Not waited for here.
      sleep: () => Promise.resolve(),
    });
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  const me = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', cookies: { fleet_session: cookie } });
  const newKey = async (body: Record<string, unknown> = {}) =>
    expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/admin/keys',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        payload: { durationDays: 30, tier: 'basic', batch: 1, maxUses: 1, ...body },
      }),
    ).json<{ keys: { key: string }[] }>().keys[0]?.key ?? '';
  // Each from its own address: invite requests are limited per address (invites-and-activation.test.ts).
  const invite = async (email: string) =>
    expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/auth/invite-request',
        remoteAddress: `198.19.0.${++inviteAddress}`,
        payload: { email },
      }),
    ).json<{
      token: string;
    }>().token;

  it('answers the session check with 401 when there is no session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in', code: 'AUTH__NOT_SIGNED_IN' });
  });

  it('invites by e-mail: 201 new, 202 already in progress, 409 existing account', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/invite-request',
      payload: { email: ' New@Example.com ' },
    });
    expect(first.statusCode).toBe(201);
    const created = first.json<{ inviteExpiresAt: string; token: string }>();
    expect(Date.parse(created.inviteExpiresAt)).toBeGreaterThan(Date.now());
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/invite-request',
      payload: { email: 'new@example.com' },
    });
    expect(again.statusCode).toBe(202);
    const mails = readdirSync(harness.outboxDir);
    expect(mails).toHaveLength(2);
    const latest = readFileSync(join(harness.outboxDir, mails.sort().at(-1) ?? ''), 'utf8');
    expect(latest).toContain('To: new@example.com');
    expect(latest).toContain(`/invite/activate?token=${again.json<{ token: string }>().token}`);

    await createOperator(app, 'taken@example.com');
    const taken = await app.inject({
      method: 'POST',
      url: '/api/auth/invite-request',
      payload: { email: 'taken@example.com' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'This email already has an account. Try signing in instead.',
    });
  });

  it.each([
    [{}, 'Please enter an email address.'],
    [{ email: '   ' }, 'Please enter an email address.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
  ])('refuses a bad invite request %j with "%s"', async (payload, message) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/invite-request', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
  });

  it('activates an account on the licence tenant and counts one use', async () => {
    const licenseKey = await newKey({ maxUses: 2 });
    const token = await invite('activate@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      payload: { token, password: 'long enough pw', licenseKey },
    });
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((entry) => entry.name === 'fleet_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(response.json()).toMatchObject({
      user: { email: 'activate@example.com' },
      license: { key: maskLicenseKey(licenseKey) },
    });
    expect(response.body).not.toContain(licenseKey);
    const [row] = await harness.database.db
      .select()
      .from(schema.licenseKeys)
      .where(eq(schema.licenseKeys.key, licenseKey));
    expect(row?.uses).toBe(1);
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      payload: { token, password: 'long enough pw', licenseKey },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({
      error: 'This invite link is invalid or has expired. Request a new invite.',
    });
  });

  it('refuses activation with a revoked, expired, exhausted or unknown licence, with a clear message', async () => {
    const revoked = await newKey();
    await app.inject({
      method: 'POST',
      url: '/api/admin/keys/revoke',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: { key: revoked },
    });
    const exhausted = await newKey({ maxUses: 1 });
    await createOperatorWithKey('first@example.com', exhausted);
    const expired = await newKey({ durationDays: 1 });
    const cases: [string, string][] = [
      [revoked, 'This licence key has been revoked'],
      [exhausted, 'This licence key has no activations left'],
      ['FLEET-NOPE', 'Licence key not found'],
    ];
    for (const [licenseKey, message] of cases) {
      const token = await invite(
        `${message.length}-${licenseKey.slice(-5)}@example.com`.toLowerCase(),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/activate',
        payload: { token, password: 'long enough pw', licenseKey },
      });
      expect(response.json<{ error: string }>().error, licenseKey).toBe(message);
    }
    clock += 2 * 86_400_000;
    try {
      const token = await invite('late@example.com');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/activate',
        payload: { token, password: 'long enough pw', licenseKey: expired },
      });
      expect(response.json<{ error: string }>().error).toBe('This licence key has expired');
    } finally {
      clock -= 2 * 86_400_000;
    }
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    const licenseKey = await newKey();
    const token = await invite('short@example.com');
    for (const password of ['1234567', 'x'.repeat(129)]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/activate',
        payload: { token, password, licenseKey },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('signs in with the right password and answers "Invalid credentials" otherwise, the same for unknown e-mails', async () => {
    const operator = await createOperator(app, 'login@example.com', 'the right password');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'LOGIN@example.com', password: 'the right password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(sessionCookieOf(ok))).json()).toMatchObject({
      user: { email: 'login@example.com' },
      tenant: { id: operator.tenantId },
    });

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.com', password: 'nope' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ghost@example.com', password: 'nope' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Invalid credentials',
        code: 'AUTH__INVALID_CREDENTIALS',
      });
    }
  });

  it('gives the spec messages for a missing e-mail or password', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('email: Email is required');
    const noPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c' },
    });
    expect(noPassword.json<{ error: string }>().error).toBe('password: Password is required');
  });

  it('accepts the session token as a bearer header for scripts', async () => {
    const operator = await createOperator(app, 'bearer@example.com');
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${operator.cookie}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('ends the session on logout', async () => {
    const operator = await createOperator(app, 'logout@example.com');
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { fleet_session: operator.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((entry) => entry.name === 'fleet_session')?.value).toBe('');
    expect((await me(operator.cookie)).statusCode).toBe(401);
  });

  it('ends a session idle for 30 minutes, and any session after 12 hours', async () => {
    const operator = await createOperator(app, 'timeouts@example.com');
    const start = clock;
    try {
      clock += 29 * 60_000;
      expect((await me(operator.cookie)).statusCode).toBe(200);
      clock += 29 * 60_000;
      expect((await me(operator.cookie)).statusCode).toBe(200);
      clock += 31 * 60_000;
      expect((await me(operator.cookie)).statusCode).toBe(401);

      const busy = await createOperator(app, 'busy@example.com');
      for (let hour = 0; hour < 12 * 3; hour++) {
        clock += 20 * 60_000;
        const status = (await me(busy.cookie)).statusCode;
        expect(status, `after ${(hour + 1) * 20} minutes`).toBe(hour + 1 < 36 ? 200 : 401);
      }
    } finally {
      clock = start;
    }
  });

  it('ends every session of an account when its password changes, and of a tenant when its licence is revoked', async () => {
    const operator = await createOperator(app, 'changes@example.com', 'first password');
    const second = expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: operator.email, password: 'first password' },
      }),
    );
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      cookies: { fleet_session: operator.cookie },
      payload: { currentPassword: 'first password', newPassword: 'second password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(operator.cookie)).statusCode).toBe(401);
    expect((await me(sessionCookieOf(second))).statusCode).toBe(401);
    const fresh = sessionCookieOf(changed);
    expect((await me(fresh)).statusCode).toBe(200);

    await app.inject({
      method: 'POST',
      url: '/api/admin/keys/revoke',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: { key: operator.licenseKey },
    });
    expect((await me(fresh)).statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: operator.email, password: 'second password' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json<{ error: string }>().error).toBe('This licence key has been revoked');
  });

  it('throttles 100 wrong passwords from one address: 20 are checked, the rest refused with 429 until the lock ends', async () => {
    await createOperator(app, 'target@example.com', 'the real password');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.7',
        payload: { email: 'target@example.com', password: `guess ${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(80);
    const locked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.7',
      payload: { email: 'target@example.com', password: 'the real password' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ error: string }>().error).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/,
    );
    // The lock's end also leaves as Retry-After, in whole seconds (the longest lock is an hour).
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(3_600);
    clock += 2 * 3_600_000;
    try {
      const later = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.7',
        payload: { email: 'target@example.com', password: 'the real password' },
      });
      expect(later.statusCode).toBe(200);
    } finally {
      clock -= 2 * 3_600_000;
    }
  });

  it('answers /api/auth/me with the licence key masked', async () => {
    const operator = await createOperator(app, 'masked@example.com');
    const response = await me(operator.cookie);
    expect(response.json()).toMatchObject({
      license: { key: maskLicenseKey(operator.licenseKey) },
    });
    expect(response.body).not.toContain(operator.licenseKey);
    expect(response.json<{ license: { key: string } }>().license.key).toMatch(
      /^FLEET-[0-9A-Z]{5}-•{5}-•{5}-[0-9A-Z]{5}$/,
    );
  });

  async function createOperatorWithKey(email: string, licenseKey: string) {
    const token = await invite(email);
    return expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/auth/activate',
        payload: { token, password: 'long enough pw', licenseKey },
      }),
    );
  }
});

describe('cross-site request refusal', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp('pglite');
  });
  afterAll(async () => {
    await harness.close();
  });

  const login = (headers: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'fleet.example', ...headers },
      payload: { email: 'x@example.com', password: 'y' },
    });

  it.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
  ])('refuses a state-changing request with %j', async (headers) => {
    const response = await login(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Cross-site request refused',
      code: 'REQUEST__CROSS_SITE_REFUSED',
    });
  });

  it.each([[{ 'sec-fetch-site': 'same-origin' }], [{ origin: 'http://fleet.example' }], [{}]])(
    'lets %j through to the route',
    async (headers) => {
      expect((await login(headers)).statusCode).toBe(401);
    },
  );

  it('never blocks reads', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
