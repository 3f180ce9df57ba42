import {
  auditLogFiltersSchema,
  auditLogPageSchema,
  createWalletsResponseSchema,
  type AuditLogEntry,
} from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import {
  TEST_ADMIN_TOKEN,
  createOperator,
  createTestApp,
  expectOk,
  type Operator,
  type TestApp,
} from '../testing/test-app';
import { AUDIT_READ_BATCH } from './audit-log-reader';

describe.each(testDatabaseKinds)("the tenant's audit log API on %s", (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let tenantA: Operator;
  let tenantB: Operator;
  const firstMaster = newTestKeypair();
  const secondMaster = newTestKeypair();

  const as = (
    operator: Operator,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: operator.cookie },
      remoteAddress: '203.0.113.5',
      ...(payload ? { payload } : {}),
    });

  const pageOf = async (operator: Operator, query = '') => {
    const response = await as(operator, 'GET', `/api/audit-log${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return auditLogPageSchema.parse(response.json());
  };

  /** Every entry the filter matches, followed page by page through the cursor. */
  const allPages = async (operator: Operator, filter: string, limit: number) => {
    const entries: AuditLogEntry[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${filter}${cursor ? `&before=${cursor}` : ''}`;
      const page = await pageOf(operator, query);
      entries.push(...page.entries);
      expect(page.entries.length).toBeLessThanOrEqual(limit);
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== null);
    } while (cursor);
    return entries;
  };

  /** Audit rows written straight into the table, for times and texts the API cannot produce. */
  const insertEntries = (
    rows: { at: string; tenantId: string; actor: string; detail?: object }[],
  ) =>
    harness.database.db.insert(schema.auditLog).values(
      rows.map((row) => ({
        at: sql`${row.at}::timestamptz`,
        tenantId: row.tenantId,
        actor: row.actor,
        action: 'test.fixture',
        outcome: 'failure',
        ip: '198.51.100.1',
        detail: row.detail ? JSON.stringify(row.detail) : null,
      })),
    );

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    tenantA = await createOperator(app, 'a-audit@tenant.example');
    tenantB = await createOperator(app, 'b-audit@tenant.example');
    expectOk(
      await as(tenantA, 'PATCH', '/api/master-wallet', { private_key: firstMaster.privateKey }),
    );
    expectOk(
      await as(tenantA, 'PATCH', '/api/master-wallet', { private_key: secondMaster.privateKey }),
    );
    expectOk(await as(tenantA, 'POST', '/api/master-wallet/reveal'));
    expectOk(await as(tenantA, 'DELETE', '/api/master-wallet'));
    // A wrong password for A's account, and a sign-in to no account at all (no tenant).
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      payload: { email: tenantA.email, password: 'not the password' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      payload: { email: 'nobody@tenant.example', password: 'not the password' },
    });
    expectOk(
      await as(tenantB, 'PATCH', '/api/master-wallet', {
        private_key: newTestKeypair().privateKey,
      }),
    );
    expectOk(await as(tenantB, 'POST', '/api/master-wallet/reveal'));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('refuses every audit log call without a session', async () => {
    for (const url of ['/api/audit-log', '/api/audit-log/filters', '/api/audit-log.csv']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: 'Not signed in', code: 'AUTH__NOT_SIGNED_IN' });
    }
  });

  it("answers the tenant's own entries newest first, with time, user, outcome, address and detail", async () => {
    const { entries } = await pageOf(tenantA);
    expect(entries.map((entry) => entry.action)).toEqual([
      'auth.login',
      'master_wallet.clear',
      'master_wallet.reveal',
      'master_wallet.save',
      'master_wallet.save',
      'auth.activate',
    ]);
    const times = entries.map((entry) => entry.at);
    expect(times.every((at) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);

    const [login, clear, reveal, swap, set] = entries;
    expect(login).toMatchObject({
      actor: tenantA.email,
      outcome: 'failure',
      ip: '203.0.113.9',
      summary: 'wrong password',
    });
    expect(clear).toMatchObject({
      actor: tenantA.email,
      outcome: 'success',
      ip: '203.0.113.5',
      addresses: [{ label: null, address: secondMaster.address }],
    });
    expect(reveal).toMatchObject({ addresses: [{ label: null, address: secondMaster.address }] });
    expect(swap).toMatchObject({
      summary: 'Replaced the master wallet',
      addresses: [
        { label: 'Previous', address: firstMaster.address },
        { label: 'New', address: secondMaster.address },
      ],
    });
    expect(set).toMatchObject({
      summary: 'First master wallet',
      addresses: [{ label: null, address: firstMaster.address }],
    });
    const body = JSON.stringify(entries);
    expect(body).not.toContain(firstMaster.privateKey);
    expect(body).not.toContain(secondMaster.privateKey);
    expect(body).not.toContain(tenantB.email);
    expect(body).not.toContain('nobody@tenant.example');
  });

  it("never shows tenant A an entry of tenant B's, whatever the filter", async () => {
    const ofA = await allPages(tenantA, '', 50);
    const ofB = await allPages(tenantB, '', 50);
    expect(ofB.length).toBeGreaterThan(0);
    const idsOfA = new Set(ofA.map((entry) => entry.id));
    expect(ofB.some((entry) => idsOfA.has(entry.id))).toBe(false);
    expect((await pageOf(tenantA, `?actor=${encodeURIComponent(tenantB.email)}`)).entries).toEqual(
      [],
    );
    const filters = auditLogFiltersSchema.parse(
      (await as(tenantA, 'GET', '/api/audit-log/filters')).json(),
    );
    expect(filters.actors).toEqual([tenantA.email]);
  });

  it("refuses tenant B's cursor from tenant A, and a cursor that is not one", async () => {
    const pageOfB = await pageOf(tenantB, '?limit=1');
    expect(pageOfB.nextCursor).toBeTruthy();
    const foreign = await as(tenantA, 'GET', `/api/audit-log?before=${pageOfB.nextCursor ?? ''}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      error: 'Invalid audit log cursor',
      code: 'AUDIT__INVALID_CURSOR',
    });
    expect(foreign.body).not.toContain(tenantB.email);
    for (const cursor of [
      'garbage',
      Buffer.from('2025-01-01T00:00:00.000Z|x').toString('base64url'),
    ]) {
      const response = await as(tenantA, 'GET', `/api/audit-log?before=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('Invalid audit log cursor');
    }
    const csv = await as(tenantA, 'GET', `/api/audit-log.csv?actor=${tenantB.email}`);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('filters by one action, by a family of actions, and by user', async () => {
    const reveals = await pageOf(tenantA, '?action=master_wallet.reveal');
    expect(reveals.entries.map((entry) => entry.action)).toEqual(['master_wallet.reveal']);
    const family = await pageOf(tenantA, '?action=master_wallet');
    expect(family.entries.map((entry) => entry.action)).toEqual([
      'master_wallet.clear',
      'master_wallet.reveal',
      'master_wallet.save',
      'master_wallet.save',
    ]);
    // A family is a whole dotted prefix; `_` is not a wildcard.
    expect((await pageOf(tenantA, '?action=master')).entries).toEqual([]);
    expect((await pageOf(tenantA, '?action=master%5Fwallet%2Esave')).entries).toHaveLength(2);
    expect((await pageOf(tenantA, '?action=master_wallet.sav')).entries).toEqual([]);
    const byUser = await pageOf(tenantA, `?actor=${encodeURIComponent(tenantA.email)}`);
    expect(byUser.entries).toHaveLength(6);
    expect((await pageOf(tenantA, '?action=&actor=')).entries).toHaveLength(6);

    const filters = auditLogFiltersSchema.parse(
      (await as(tenantA, 'GET', '/api/audit-log/filters')).json(),
    );
    expect(filters.actions).toEqual([
      'auth.activate',
      'auth.login',
      'master_wallet.clear',
      'master_wallet.reveal',
      'master_wallet.save',
    ]);
  });

  it('answers 400 with a sentence for a bad limit, a repeated or an overlong filter', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit: Limit must be at least 1'],
      ['?limit=201', 'limit: Limit must be at most 200'],
      ['?limit=ten', 'limit: Limit must be a number'],
      ['?action=a&action=b', 'action: Action must be given once, as text'],
      [`?actor=${'x'.repeat(321)}`, 'actor: User is longer than 320 characters'],
    ] as const) {
      const response = await as(tenantA, 'GET', `/api/audit-log${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: message, code: 'REQUEST__INVALID_INPUT' });
    }
  });

  it('pages through entries of the same millisecond without skipping or repeating one', async () => {
    const operator = await createOperator(app, 'same-ms@tenant.example');
    await insertEntries(
      Array.from({ length: 7 }, (_, index) => ({
        at: `2024-05-01T10:00:00.1230${index}Z`,
        tenantId: operator.tenantId,
        actor: operator.email,
        detail: { step: index },
      })),
    );
    const unpaged = (await pageOf(operator, '?action=test.fixture&limit=200')).entries;
    expect(unpaged.map((entry) => entry.detail?.step)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    for (const limit of [1, 2, 3]) {
      const paged = await allPages(operator, '&action=test.fixture', limit);
      expect(paged.map((entry) => entry.id)).toEqual(unpaged.map((entry) => entry.id));
    }
    const everything = await allPages(operator, '', 2);
    expect(new Set(everything.map((entry) => entry.id)).size).toBe(everything.length);
    expect(everything).toHaveLength(8);
  });

  it('exports the filtered log as CSV with a header, RFC 4180 quoting and no formulas', async () => {
    const operator = await createOperator(app, 'csv@tenant.example');
    await insertEntries([
      {
        at: '2024-06-01T00:00:01Z',
        tenantId: operator.tenantId,
        actor: '=HYPERLINK("http://evil.example","x")',
        detail: { reason: '+SUM(1,2)', note: 'said "hi", then\nleft' },
      },
      {
        at: '2024-06-01T00:00:02Z',
        tenantId: operator.tenantId,
        actor: '@attacker',
        detail: { reason: '-2' },
      },
    ]);
    const response = await as(operator, 'GET', '/api/audit-log.csv?action=test.fixture');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-audit-log-\d{8}-\d{6}\.csv"$/,
    );
    expect(response.body).toBe(
      [
        'time_utc,user,action,event,outcome,ip,detail',
        "2024-06-01T00:00:02.000Z,'@attacker,test.fixture,test.fixture,failure,198.51.100.1,'-2",
        `2024-06-01T00:00:01.000Z,"'=HYPERLINK(""http://evil.example"",""x"")",test.fixture,test.fixture,failure,198.51.100.1,"'+SUM(1,2); note: said ""hi"", then\nleft"`,
        '',
      ].join('\r\n'),
    );
    // Without a filter, the CSV holds every entry the page does, and in the same order.
    const all = await as(operator, 'GET', '/api/audit-log.csv');
    const lines = all.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time_utc,user,action,event,outcome,ip,detail');
    expect(lines.slice(1).map((line) => line.slice(0, 24))).toEqual(
      (await pageOf(operator)).entries.map((entry) => entry.at),
    );
  });

  it('streams a log longer than one read batch whole and in order', async () => {
    const operator = await createOperator(app, 'long-log@tenant.example');
    const count = AUDIT_READ_BATCH * 2 + 17;
    await insertEntries(
      Array.from({ length: count }, (_, index) => ({
        at: new Date(Date.UTC(2024, 0, 1) + index).toISOString(),
        tenantId: operator.tenantId,
        actor: operator.email,
        detail: { step: index },
      })),
    );
    const response = await as(operator, 'GET', '/api/audit-log.csv?action=test.fixture');
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(count);
    // Numbers in the detail are written with thousands separators ("step: 1,016", so quoted).
    const steps = lines.map((line) => /step: ([\d,]+)"?$/.exec(line)?.[1]?.replace(',', ''));
    expect(steps.map(Number)).toEqual(
      Array.from({ length: count }, (_, index) => count - 1 - index),
    );
  });

  it('records which wallets a key reveal named: the first 20 and a count of the rest', async () => {
    const operator = await createOperator(app, 'big-reveal@tenant.example');
    const created = createWalletsResponseSchema.parse(
      expectOk(await as(operator, 'POST', '/api/create-wallet', { count: 25 })).json(),
    );
    expectOk(
      await as(operator, 'POST', '/api/wallets/reveal-keys', {
        walletIds: created.wallets.map((wallet) => wallet.id),
        purpose: 'copy',
      }),
    );
    const [copy] = (await pageOf(operator, '?action=wallet.keys')).entries;
    expect(copy).toMatchObject({
      action: 'wallet.keys.copy',
      outcome: 'success',
      summary: '25 keys; 5 more addresses not listed',
      addressesOmitted: 5,
    });
    expect(copy?.addresses).toHaveLength(20);
    const addresses = new Set(created.wallets.map((wallet) => wallet.address));
    expect(copy?.addresses.every((item) => addresses.has(item.address))).toBe(true);
    // The wallets created are bounded the same way in their own entry.
    const [creation] = (await pageOf(operator, '?action=wallet.create')).entries;
    expect(creation?.addresses).toHaveLength(20);
    expect(creation?.detail).toMatchObject({ count: 25, addressesOmitted: 5 });
  });

  it("shows the administrator's change of the licence, without the administrator's address", async () => {
    const operator = await createOperator(app, 'upgraded@tenant.example');
    expectOk(
      await app.inject({
        method: 'POST',
        url: '/api/admin/keys/upgrade',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        remoteAddress: '192.0.2.44',
        payload: { key: operator.licenseKey, newTier: 'basic' },
      }),
    );
    const [change] = (await pageOf(operator, '?action=admin')).entries;
    expect(change).toMatchObject({ actor: 'admin', action: 'admin.keys.upgrade', ip: null });
    expect(change?.summary).toContain('newTier: basic');
    expect(JSON.stringify(change)).not.toContain(operator.licenseKey);
    const filters = auditLogFiltersSchema.parse(
      (await as(operator, 'GET', '/api/audit-log/filters')).json(),
    );
    expect(filters.actors).toEqual([operator.email, 'admin']);
    expect((await pageOf(operator, '?actor=admin')).entries).toHaveLength(1);
  });
});
