import { auditLogPageSchema, feeSettingsSchema, type FeeSettings } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('fee settings API on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;

  beforeAll(async () => {
    // The server's price as SOL_PLAN's context would set it, to tell it apart from the default.
    harness = await createTestApp(kind, { microLamportsPerUnit: 8_000n });
    operator = await createOperator(harness.app, 'fees@example.com');
    other = await createOperator(harness.app, 'fees-other@example.com');
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  const call = (
    method: 'GET' | 'PUT',
    options: Omit<InjectOptions, 'method' | 'url'> = {},
    as: Operator | null = operator,
  ) =>
    harness.app.inject({
      method,
      url: '/api/settings/fees',
      ...(as ? { cookies: { fleet_session: as.cookie } } : {}),
      ...options,
    });
  const read = async (as: Operator = operator): Promise<FeeSettings> => {
    const response = await call('GET', {}, as);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return feeSettingsSchema.parse(response.json());
  };
  const put = (cap: unknown, as: Operator = operator) =>
    call('PUT', { payload: { maxMicroLamportsPerUnit: cap } }, as);

  it("answers the server's price, no cap and the 1,000,000 limit for a new tenant", async () => {
    expect(await read()).toEqual({
      serverMicroLamportsPerUnit: '8000',
      maxMicroLamportsPerUnit: null,
      effectiveMicroLamportsPerUnit: '8000',
      limit: '1000000',
    });
  });

  it('needs a session to read or change the cap', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(
        method,
        method === 'PUT' ? { payload: { maxMicroLamportsPerUnit: '1' } } : {},
        null,
      );
      expect(response.statusCode, method).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('AUTH__NOT_SIGNED_IN');
    }
  });

  it('sets a cap below the server price, one above it, and clears it, answering as GET does', async () => {
    const lowered = await put('2000');
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toEqual({
      serverMicroLamportsPerUnit: '8000',
      maxMicroLamportsPerUnit: '2000',
      effectiveMicroLamportsPerUnit: '2000',
      limit: '1000000',
    });
    expect(await read()).toEqual(lowered.json());

    expect((await put('1000000')).json()).toMatchObject({
      maxMicroLamportsPerUnit: '1000000',
      effectiveMicroLamportsPerUnit: '8000',
    });
    expect((await put('0')).json()).toMatchObject({ effectiveMicroLamportsPerUnit: '0' });
    expect((await put(null)).json()).toMatchObject({
      maxMicroLamportsPerUnit: null,
      effectiveMicroLamportsPerUnit: '8000',
    });
    expect((await read()).maxMicroLamportsPerUnit).toBeNull();
  });

  it('refuses a cap that is not a whole number with FEE_CAP__INVALID, and one above the limit with FEE_CAP__ABOVE_LIMIT', async () => {
    await put('3000');
    for (const cap of ['abc', '-1', '1.5', '', ' 10', '1e3', '0x10']) {
      const response = await put(cap);
      expect(response.statusCode, cap).toBe(400);
      expect(response.json(), cap).toEqual({
        error: 'The fee cap must be a whole number of micro-lamports per compute unit (0 or more)',
        code: 'FEE_CAP__INVALID',
      });
    }
    for (const cap of ['1000001', '18446744073709551616', '9'.repeat(10_000)]) {
      const response = await put(cap);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'The fee cap must be at most 1,000,000 micro-lamports per compute unit',
        code: 'FEE_CAP__ABOVE_LIMIT',
      });
    }
    expect((await read()).maxMicroLamportsPerUnit).toBe('3000');
  });

  it('refuses a body of the wrong shape as invalid input and JSON that is not JSON as malformed', async () => {
    for (const payload of [
      {},
      { maxMicroLamportsPerUnit: 2000 },
      { maxMicroLamportsPerUnit: [] },
    ]) {
      const response = await call('PUT', { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({
        error: 'maxMicroLamportsPerUnit: Must be a decimal string, or null to remove the cap',
        code: 'REQUEST__INVALID_INPUT',
      });
    }
    const malformed = await call('PUT', {
      payload: '{"maxMicroLamportsPerUnit":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ code: string }>().code).toBe('REQUEST__MALFORMED_JSON');
    expect((await read()).maxMicroLamportsPerUnit).toBe('3000');
  });

  it('refuses a change sent from another site', async () => {
    const response = await call('PUT', {
      payload: { maxMicroLamportsPerUnit: '1' },
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('REQUEST__CROSS_SITE_REFUSED');
    expect((await read()).maxMicroLamportsPerUnit).toBe('3000');
  });

  it("keeps tenant A's cap invisible to tenant B, and B's change away from A's", async () => {
    await put('3000', operator);
    expect(await read(other)).toMatchObject({
      maxMicroLamportsPerUnit: null,
      effectiveMicroLamportsPerUnit: '8000',
    });
    expect((await put('50', other)).statusCode).toBe(200);
    expect((await read(other)).maxMicroLamportsPerUnit).toBe('50');
    expect((await read(operator)).maxMicroLamportsPerUnit).toBe('3000');
    expect((await put(null, other)).statusCode).toBe(200);
    expect((await read(operator)).maxMicroLamportsPerUnit).toBe('3000');
  });

  it("records each change in the tenant's audit log, in words, and only there", async () => {
    await put('4000');
    const auditOf = async (as: Operator) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/audit-log?action=fee_cap',
        cookies: { fleet_session: as.cookie },
      });
      return auditLogPageSchema.parse(response.json()).entries;
    };
    const [latest] = await auditOf(operator);
    expect(latest).toMatchObject({
      actor: 'fees@example.com',
      action: 'fee_cap.update',
      outcome: 'success',
      summary: 'cap 4,000 micro-lamports/CU (was 3,000 micro-lamports/CU)',
      detail: { cap: '4000', previousCap: '3000' },
    });
    const ofOther = await auditOf(other);
    expect(ofOther.map((entry) => entry.actor)).toEqual([
      'fees-other@example.com',
      'fees-other@example.com',
    ]);
  });
});
