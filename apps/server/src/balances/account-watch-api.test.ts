import { walletListVersionResponseSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('what the console follows live balances by, on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  let changes = 0;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    as: Operator,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });
  const versionOf = async (as: Operator) => {
    const response = await call('GET', '/api/wallets/version', as);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return BigInt(walletListVersionResponseSchema.parse(response.json()).version);
  };

  beforeAll(async () => {
    harness = await createTestApp(kind, { onWatchedAccountsChange: () => changes++ });
    app = harness.app;
    operator = await createOperator(app, 'live-follower@example.com');
    other = await createOperator(app, 'other-live-follower@example.com');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('tells the live balances when a master is saved or cleared and when wallets are made', async () => {
    const before = changes;
    const master = newTestKeypair();
    expect(
      (await call('PATCH', '/api/master-wallet', operator, { private_key: master.privateKey }))
        .statusCode,
    ).toBe(200);
    expect(changes).toBe(before + 1);
    // Reads and refused calls change nothing the live balances follow.
    expect((await call('GET', '/api/master-wallet', operator)).statusCode).toBe(200);
    expect(
      (await call('PATCH', '/api/master-wallet', operator, { private_key: 'nope' })).statusCode,
    ).toBe(400);
    expect(changes).toBe(before + 1);
    expect(
      (await call('POST', '/api/create-wallet', operator, { count: 1, is_trader: true }))
        .statusCode,
    ).toBe(200);
    expect(changes).toBe(before + 2);
    expect((await call('DELETE', '/api/master-wallet', operator)).statusCode).toBeLessThan(300);
    expect(changes).toBe(before + 3);
  });

  it('answers the tenant’s wallet-list version, which moves with the tenant’s wallets only', async () => {
    const mine = await versionOf(operator);
    const theirs = await versionOf(other);
    expect(
      (await call('POST', '/api/create-wallet', operator, { count: 1, is_trader: false }))
        .statusCode,
    ).toBe(200);
    expect(await versionOf(operator)).toBeGreaterThan(mine);
    expect(await versionOf(other)).toBe(theirs);
    expect((await app.inject({ method: 'GET', url: '/api/wallets/version' })).statusCode).toBe(401);
  });
});
