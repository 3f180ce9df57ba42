import { encodeBase58 } from '@fleet/core';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from './testing/keypairs';
import { createOperator, createTestApp, TEST_ADMIN_TOKEN, type TestApp } from './testing/test-app';

/**
 * Canaries: a private key and the admin token go through every path that handles them, including
 * the failing ones; afterwards no log line, no response (other than the one audited reveal) and no
 * database row may contain them in any encoding.
 */
/** A keypair whose 32-byte seed takes 44 base58 characters (16 in 17 do), the length redacted. */
function canaryKeypair(): ReturnType<typeof newTestKeypair> {
  for (;;) {
    const pair = newTestKeypair();
    if (encodeBase58(pair.secretKey.subarray(0, 32)).length === 44) return pair;
  }
}

describe('secrets never leak', () => {
  let harness: TestApp;
  const canary = canaryKeypair();
  const seedBase58 = () => encodeBase58(canary.secretKey.subarray(0, 32));
  const percentEncodedJson = () => encodeURIComponent(JSON.stringify([...canary.secretKey]));
  const responses: LightMyRequestResponse[] = [];

  const forms = () => [
    canary.privateKey,
    Buffer.from(canary.secretKey).toString('hex'),
    JSON.stringify([...canary.secretKey]),
    [...canary.secretKey].join(', '),
    Buffer.from(canary.secretKey).toString('base64'),
    seedBase58(),
    Buffer.from(canary.secretKey.subarray(0, 32)).toString('hex'),
    percentEncodedJson(),
    percentEncodedJson().toLowerCase(),
  ];

  beforeAll(async () => {
    harness = await createTestApp('pglite');
    const { app } = harness;
    const operator = await createOperator(app, 'canary@example.com');
    const as = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        cookies: { fleet_session: operator.cookie },
        ...(payload ? { payload } : {}),
      });
    responses.push(
      await as('PATCH', '/api/master-wallet', { private_key: canary.privateKey }),
      await as('PATCH', '/api/master-wallet', {
        private_key: JSON.stringify([...canary.secretKey]),
      }),
      // A near miss: the canary with one character dropped goes down the error path.
      await as('PATCH', '/api/master-wallet', { private_key: canary.privateKey.slice(1) }),
      await as('PATCH', '/api/master-wallet', {
        private_key: canary.privateKey,
        public_address: 'wrong',
      }),
      await as('GET', '/api/master-wallet'),
      await as('GET', '/api/master-wallet/balance'),
      await as('GET', '/api/history/master-wallet'),
      await app.inject({
        method: 'GET',
        url: '/api/admin/keys',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      }),
      await app.inject({
        method: 'GET',
        url: '/api/admin/keys',
        headers: { 'x-admin-token': `${TEST_ADMIN_TOKEN}-no` },
      }),
      await app.inject({
        method: 'POST',
        url: `/api/auth/login?key=${canary.privateKey}`,
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        payload: { email: 'canary@example.com', password: canary.privateKey },
      }),
      // Keys in URLs, where only the text rules can find them: the request line is logged.
      await as('GET', `/api/search?q=${seedBase58()}`),
      await as('GET', `/api/wallet/${percentEncodedJson()}`),
      await as('GET', `/api/wallet/${percentEncodedJson().toLowerCase()}`),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  it('in any log line', () => {
    const logs = harness.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const form of [...forms(), TEST_ADMIN_TOKEN]) expect(logs).not.toContain(form);
  });

  it('in any response or error body', () => {
    for (const response of responses) {
      for (const form of [...forms(), TEST_ADMIN_TOKEN]) expect(response.body).not.toContain(form);
    }
  });

  it('in a dump of every table', async () => {
    const tables = await harness.database.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    let dump = '';
    for (const { name } of tables.rows) {
      const rows = await harness.database.db.execute(sql.raw(`select * from "${name}"`));
      dump += JSON.stringify(rows.rows, (_key, value: unknown) =>
        value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
      );
    }
    expect(dump).toContain('canary@example.com');
    for (const form of [...forms(), TEST_ADMIN_TOKEN]) expect(dump).not.toContain(form);
  });
});
