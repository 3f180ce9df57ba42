import { testDatabaseKinds } from '@fleet/db/testing';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../../testing/test-app';

const kind = testDatabaseKinds[0] ?? 'pglite';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the asset scan preview when the operator goes away', () => {
  let harness: TestApp;
  let operator: Operator;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'leaver@example.com');
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await harness.close();
  });

  it('stops spending RPC calls once the client has disconnected', async () => {
    // 200 wallets at 250 ms a call take many seconds to scan: long enough to leave half-way.
    harness.localnet.admin.setProfile('default', { latencyMs: 250 });
    const publicAddresses = Array.from({ length: 200 }, () => newTestKeypair().address);
    const leaving = new AbortController();
    const request = fetch(`${baseUrl}/api/scan-assets/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `fleet_session=${operator.cookie}` },
      body: JSON.stringify({ publicAddresses }),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await sleep(800);
    const beforeLeaving = harness.localnet.admin.counters('default').totalCalls;
    expect(beforeLeaving).toBeGreaterThan(0);
    leaving.abort();
    await request;

    // Calls already in flight may still arrive; after that the count must stand still.
    await sleep(1_000);
    const settled = harness.localnet.admin.counters('default').totalCalls;
    await sleep(1_500);
    expect(harness.localnet.admin.counters('default').totalCalls).toBe(settled);
    expect(settled).toBeLessThan(200 * 2);
  });
});
