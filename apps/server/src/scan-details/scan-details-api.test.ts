import { scanDetailsSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('scan details on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'scanner@example.com');
    other = await createOperator(app, 'bystander@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  const details = async (as: Operator) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/scan/details',
      cookies: { fleet_session: as.cookie },
    });
    expect(response.statusCode).toBe(200);
    return scanDetailsSchema.parse(response.json());
  };

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/scan/details' });
    expect(response.statusCode).toBe(401);
  });

  it('shows the pool hits, the last scan and its log lines after a scan preview', async () => {
    const before = await details(operator);
    expect(before.lastScan).toBeNull();
    expect(before.logs).toEqual([]);

    const addresses = [newTestKeypair().address, newTestKeypair().address];
    const scanned = await app.inject({
      method: 'POST',
      url: '/api/scan-assets/preview',
      cookies: { fleet_session: operator.cookie },
      payload: { publicAddresses: addresses },
    });
    expect(scanned.statusCode).toBe(200);

    const after = await details(operator);
    const endpoint = after.pool.endpoints[0] ?? '';
    expect(after.pool.endpoints).toHaveLength(1);
    expect(after.pool.endpointHits[endpoint]).toBeGreaterThan(
      before.pool.endpointHits[endpoint] ?? 0,
    );
    expect(after.pool.rpcMethods.getMultipleAccounts).toBeGreaterThan(0);
    expect(after.pool.details[0]?.hits).toBe(after.pool.endpointHits[endpoint]);
    expect(after.lastScan).toMatchObject({ wallets: 2, failedAddresses: 0, findings: 0 });
    expect(after.lastScan?.objectsScanned).toBeGreaterThanOrEqual(2);
    expect(after.logs.length).toBeGreaterThan(0);
    expect(after.logs[0]?.message).toContain('Scanning 2 wallet(s)');
    expect(after.logs.at(-1)?.message).toContain('Scanned 2 wallet(s)');
  });

  it("another tenant sees the shared pool but none of the first tenant's scan", async () => {
    const seen = await details(other);
    expect(seen.pool.calls).toBeGreaterThan(0);
    expect(seen.lastScan).toBeNull();
    expect(seen.logs).toEqual([]);
  });
});
