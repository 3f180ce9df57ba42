import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type TestApp } from '../testing/test-app';

/** The app's waits, recorded instead of slept, so a test of growing delays takes no time. */
function recordingSleep() {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

describe.each(testDatabaseKinds)('sign-in throttling on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  const recorder = recordingSleep();

  beforeAll(async () => {
    harness = await createTestApp(kind, { sleep: recorder.sleep });
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(() => {
    recorder.waits.length = 0;
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email, password },
    });

  it('refuses an address after 20 failures, with Retry-After, while a correct sign-in from another address succeeds', async () => {
    const operator = await createOperator(app, 'victim@example.com', 'the real password');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      statuses.push((await login(operator.email, `guess ${attempt}`, '198.51.100.7')).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);

    const fromAttacker = await login(operator.email, 'the real password', '198.51.100.7');
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.json<{ error: string }>().error).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/,
    );
    expect(Number(fromAttacker.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fromAttacker.headers['retry-after'])).toBeLessThanOrEqual(3_600);

    const fromVictim = await login(operator.email, 'the real password', '203.0.113.20');
    expect(fromVictim.statusCode).toBe(200);
  });

  it('lets the right password in after many failures from many addresses, only slower', async () => {
    const operator = await createOperator(app, 'slowed@example.com', 'the real password');
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await login(operator.email, `guess ${attempt}`, `192.0.2.${attempt + 1}`);
      expect(response.statusCode).toBe(401);
    }
    const delaysWhileGuessing = [...recorder.waits];
    // The delay grows with the account's failures and stays bounded.
    expect(Math.max(...delaysWhileGuessing)).toBeGreaterThan(0);
    expect(delaysWhileGuessing.at(-1)).toBe(Math.max(...delaysWhileGuessing));
    expect(Math.max(...delaysWhileGuessing)).toBeLessThanOrEqual(10_000);

    recorder.waits.length = 0;
    const correct = await login(operator.email, 'the real password', '203.0.113.21');
    expect(correct.statusCode).toBe(200);
    expect(recorder.waits).toEqual([Math.max(...delaysWhileGuessing)]);

    // A success clears the account's delay.
    recorder.waits.length = 0;
    expect((await login(operator.email, 'the real password', '203.0.113.21')).statusCode).toBe(200);
    expect(recorder.waits.filter((ms) => ms > 0)).toEqual([]);
  });

  it('writes a private key typed into the e-mail field neither to the throttle nor to the audit log', async () => {
    const pastedKey =
      '4Z7cXSyeFR8wNGMVXUE1TwtKn5D5Vu7FzEv69dokLv7KrQk7h6pu4NDCUoRq6uCC5MsZtPTTtYmcddi8adK5mqR9';
    const response = await login(` ${pastedKey} `, 'whatever', '198.51.100.99');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Invalid credentials',
      code: 'AUTH__INVALID_CREDENTIALS',
    });

    const throttleRows = await harness.database.db.select().from(schema.authThrottle);
    const auditRows = await harness.database.db.select().from(schema.auditLog);
    const stored = JSON.stringify([throttleRows, auditRows]);
    expect(stored).not.toContain(pastedKey);
    expect(stored).not.toContain(pastedKey.toLowerCase());
    expect(stored).not.toContain(pastedKey.slice(10, 30).toLowerCase());
    // The failure still counts against the address and is still audited.
    expect(throttleRows.some((row) => row.key === 'login-ip:198.51.100.99')).toBe(true);
    expect(
      auditRows.some(
        (row) =>
          row.action === 'auth.login' && row.outcome === 'failure' && row.ip === '198.51.100.99',
      ),
    ).toBe(true);
  });
});

describe('client addresses behind a proxy', () => {
  it('ignores X-Forwarded-For when no proxy is trusted: every client behind it is one address', async () => {
    const harness = await createTestApp('pglite', { sleep: recordingSleep().sleep });
    try {
      await createOperator(harness.app, 'direct@example.com');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt++) {
        const response = await harness.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
          payload: { email: 'direct@example.com', password: `guess ${attempt}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      const keys = (await harness.database.db.select().from(schema.authThrottle)).map(
        (row) => row.key,
      );
      expect(keys).toContain('login-ip:10.0.0.2');
      expect(keys.some((key) => key.startsWith('login-ip:203.0.113.'))).toBe(false);
    } finally {
      await harness.close();
    }
  });

  it('throttles two clients behind a trusted proxy separately, by their forwarded address', async () => {
    const harness = await createTestApp('pglite', {
      sleep: recordingSleep().sleep,
      trustProxy: { kind: 'addresses', addresses: ['10.0.0.2'] },
    });
    try {
      const operator = await createOperator(harness.app, 'proxied@example.com', 'right password');
      const attempt = (client: string, password: string) =>
        harness.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
          payload: { email: operator.email, password },
        });
      for (let index = 0; index < 20; index++) {
        expect((await attempt('203.0.113.66', `guess ${index}`)).statusCode).toBe(401);
      }
      expect((await attempt('203.0.113.66', 'right password')).statusCode).toBe(429);
      expect((await attempt('203.0.113.77', 'right password')).statusCode).toBe(200);
      const rows = await harness.database.db.select().from(schema.auditLog);
      expect(rows.some((row) => row.ip === '203.0.113.77' && row.outcome === 'success')).toBe(true);
    } finally {
      await harness.close();
    }
  });

  it('does not take a forwarded address from a peer that is not the trusted proxy', async () => {
    const harness = await createTestApp('pglite', {
      sleep: recordingSleep().sleep,
      trustProxy: { kind: 'addresses', addresses: ['10.0.0.2'] },
    });
    try {
      await harness.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.50',
        headers: { 'x-forwarded-for': '203.0.113.5' },
        payload: { email: 'nobody@example.com', password: 'x' },
      });
      const keys = (await harness.database.db.select().from(schema.authThrottle)).map(
        (row) => row.key,
      );
      expect(keys).toContain('login-ip:198.51.100.50');
      expect(keys).not.toContain('login-ip:203.0.113.5');
    } finally {
      await harness.close();
    }
  });
});
