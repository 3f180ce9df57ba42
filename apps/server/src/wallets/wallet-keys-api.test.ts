import {
  decodePrivateKey,
  EXPORT_KEYS_CONFIRMATION,
  exportedWalletSchema,
  readSlimWalletList,
  revealKeysResponseSchema,
} from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('revealing and exporting wallet keys on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  const pairs = [newTestKeypair(), newTestKeypair()];
  const addresses = pairs.map((pair) => pair.address);
  const ids: string[] = [];

  const call = (url: string, payload: object, as: Operator) =>
    app.inject({ method: 'POST', url, cookies: { fleet_session: as.cookie }, payload });

  /** A fresh operator per test: the key limit counts per user. */
  const operatorWithWallets = async (email: string) => {
    const operator = await createOperator(app, email);
    expect(
      (await call('/api/wallet', { privateKeys: pairs.map((pair) => pair.privateKey) }, operator))
        .statusCode,
    ).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/wallets?mode=slim',
      cookies: { fleet_session: operator.cookie },
    });
    const { wallets } = readSlimWalletList(list.json());
    ids.splice(
      0,
      ids.length,
      ...addresses.map((a) => wallets.find((w) => w.address === a)?.id ?? ''),
    );
    return operator;
  };

  /** Retry-After as RFC 9110 delta-seconds: digits only, read as a whole number. */
  const retryAfterOf = (response: { headers: Record<string, unknown> }) => {
    const header = response.headers['retry-after'];
    expect(header).toMatch(/^\d+$/);
    return Number(header);
  };

  const auditRows = (email: string, action: string) =>
    harness.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.actor, email), like(schema.auditLog.action, action)));

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  it('reveals keys that decode to their addresses, audited without the keys', async () => {
    const operator = await operatorWithWallets('revealer@example.com');
    const response = await call(
      '/api/wallets/reveal-keys',
      { walletIds: ids, purpose: 'copy' },
      operator,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { keys } = revealKeysResponseSchema.parse(response.json());
    // One import: the same created_at, so the order is by id. Compare as sets.
    expect(keys.map((key) => key.address).sort()).toEqual([...addresses].sort());
    for (const key of keys) {
      const decoded = decodePrivateKey(key.privateKey);
      expect(decoded.ok && decoded.value.address).toBe(key.address);
    }
    expect(keys.map((key) => key.privateKey).sort()).toEqual(
      pairs.map((pair) => pair.privateKey).sort(),
    );

    const [audit] = await auditRows(operator.email, 'wallet.keys.copy');
    expect(JSON.parse(audit?.detail ?? '{}')).toEqual({
      purpose: 'copy',
      count: 2,
      addresses: expect.arrayContaining(addresses) as unknown,
    });
    for (const pair of pairs) {
      expect(audit?.detail).not.toContain(pair.privateKey);
      expect(harness.logs.join('')).not.toContain(pair.privateKey);
    }
  });

  it('reveals nothing for foreign, unknown or malformed ids', async () => {
    const owner = await operatorWithWallets('owner@example.com');
    const ownerIds = [...ids];
    const stranger = await createOperator(app, 'stranger@example.com');
    const foreign = await call(
      '/api/wallets/reveal-keys',
      { walletIds: ownerIds, purpose: 'reveal' },
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(pairs[0]?.privateKey ?? '-');
    const exported = await call(
      '/api/wallets/export',
      {
        walletIds: ownerIds,
        format: 'json',
        includePrivateKeys: true,
        confirm: EXPORT_KEYS_CONFIRMATION,
      },
      stranger,
    );
    expect(exported.statusCode).toBe(404);
    const mixed = await call(
      '/api/wallets/reveal-keys',
      { walletIds: [ownerIds[0], '00000000-0000-4000-8000-000000000000'], purpose: 'reveal' },
      owner,
    );
    expect(mixed.statusCode).toBe(404);
    expect(
      (await call('/api/wallets/reveal-keys', { walletIds: [], purpose: 'reveal' }, owner))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('/api/wallets/reveal-keys', { walletIds: ['nope'], purpose: 'reveal' }, owner))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('/api/wallets/reveal-keys', { walletIds: ownerIds, purpose: 'show' }, owner))
        .statusCode,
    ).toBe(400);
  });

  it('exports addresses as CSV without confirmation, and keys only with it', async () => {
    const operator = await operatorWithWallets('exporter@example.com');
    const csv = await call('/api/wallets/export', { format: 'csv' }, operator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-wallets-\d{8}-\d{6}\.csv"$/,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('address,name,source,tags,lamports,createdAt');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([...addresses].sort());
    expect(csv.body).not.toContain(pairs[0]?.privateKey ?? '-');

    const unconfirmed = await call(
      '/api/wallets/export',
      { format: 'csv', includePrivateKeys: true },
      operator,
    );
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json<{ error: string }>().error).toContain(EXPORT_KEYS_CONFIRMATION);

    const json = await call(
      '/api/wallets/export',
      {
        walletIds: [ids[1]],
        format: 'json',
        includePrivateKeys: true,
        confirm: EXPORT_KEYS_CONFIRMATION,
      },
      operator,
    );
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/\.json"$/);
    const rows = z.array(exportedWalletSchema).parse(json.json());
    expect(rows).toEqual([
      expect.objectContaining({
        address: pairs[1]?.address,
        source: 'PK',
        privateKey: pairs[1]?.privateKey,
      }),
    ]);
    const audits = await auditRows(operator.email, 'wallet.export.%');
    expect(audits.map((row) => row.action).sort()).toEqual([
      'wallet.export.addresses',
      'wallet.export.keys',
    ]);
    expect(audits.map((row) => row.detail).join('')).not.toContain(pairs[1]?.privateKey ?? '-');
  });

  /** The ten key requests a minute a user may make, all allowed. */
  const useUpKeyRequests = async (operator: Operator) => {
    for (let index = 0; index < 10; index += 1) {
      const response = await call(
        '/api/wallets/reveal-keys',
        { walletIds: [ids[0]], purpose: 'reveal' },
        operator,
      );
      expect(response.statusCode).toBe(200);
    }
  };

  it('allows ten key requests a minute per user, then answers 429', async () => {
    const operator = await operatorWithWallets('hasty@example.com');
    await useUpKeyRequests(operator);
    const limited = await call(
      '/api/wallets/export',
      { format: 'csv', includePrivateKeys: true, confirm: EXPORT_KEYS_CONFIRMATION },
      operator,
    );
    expect(limited.statusCode).toBe(429);
    const message = limited.json<{ error: string }>().error;
    expect(message).toMatch(/^Too many key requests\. Try again in \d+ seconds\.$/);
    const retryAfter = retryAfterOf(limited);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(message).toBe(`Too many key requests. Try again in ${retryAfter} seconds.`);
    // The refused export of every active wallet is audited with what it asked for.
    const refused = (await auditRows(operator.email, 'wallet.export.keys')).filter(
      (row) => row.outcome === 'failure',
    );
    expect(refused.map((row) => JSON.parse(row.detail ?? '{}') as unknown)).toEqual([
      {
        format: 'csv',
        count: 2,
        includePrivateKeys: true,
        scope: 'all',
        addresses: expect.arrayContaining(addresses) as unknown,
        reason: 'rate limited',
        retryAfterSeconds: retryAfter,
      },
    ]);
    // Addresses only are counted apart, so the operator can still export them.
    expect((await call('/api/wallets/export', { format: 'csv' }, operator)).statusCode).toBe(200);
  });

  it('refuses the 11th reveal in a minute with 429 and Retry-After, and audits the refusal without keys', async () => {
    const operator = await operatorWithWallets('eager@example.com');
    await useUpKeyRequests(operator);
    const limited = await call(
      '/api/wallets/reveal-keys',
      { walletIds: ids, purpose: 'copy' },
      operator,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('WALLET__KEY_REQUESTS_RATE_LIMITED');
    for (const pair of pairs) expect(limited.body).not.toContain(pair.privateKey);
    const retryAfter = retryAfterOf(limited);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const copies = await auditRows(operator.email, 'wallet.keys.copy');
    expect(copies).toHaveLength(1);
    const [refusal] = copies;
    expect(refusal?.outcome).toBe('failure');
    expect(refusal?.tenantId).toBe(operator.tenantId);
    expect(JSON.parse(refusal?.detail ?? '{}')).toEqual({
      purpose: 'copy',
      count: 2,
      addresses: expect.arrayContaining(addresses) as unknown,
      reason: 'rate limited',
      retryAfterSeconds: retryAfter,
    });
    for (const pair of pairs) expect(refusal?.detail).not.toContain(pair.privateKey);
    // The ten answered reveals stay audited as successes beside it.
    const reveals = await auditRows(operator.email, 'wallet.keys.reveal');
    expect(reveals.map((row) => row.outcome)).toEqual(Array(10).fill('success'));
  });
});
