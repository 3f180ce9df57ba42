import { testLoginVariants } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from './organize/organize-fixtures';
import { newTestKeypair } from './testing/keypairs';
import {
  createOperator,
  createTestApp,
  expectOk,
  type Operator,
  type TestApp,
} from './testing/test-app';

/**
 * Every tenant endpoint, called by tenant A while tenant B has data: A sees only A's, changes only
 * A's, and B's data is exactly as it was afterwards. Extend the matrix when an endpoint is added.
 * Run under every login the server may use, the production ones (an ordinary role owning the
 * tables, or a serving role beside an owner) included.
 */
describe.each(testLoginVariants)('tenant isolation on $kind as $login', ({ kind, login }) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let tenantA: Operator;
  let tenantB: Operator;
  const walletB = newTestKeypair();

  beforeAll(async () => {
    harness = await createTestApp(kind, { login });
    app = harness.app;
    [tenantA, tenantB] = [
      await createOperator(app, 'a@tenant.example'),
      await createOperator(app, 'b@tenant.example'),
    ];
    expectOk(await as(tenantB, 'PATCH', '/api/master-wallet', { private_key: walletB.privateKey }));
    for (let index = 0; index < 3; index++) {
      expectOk(
        await as(tenantB, 'PATCH', '/api/master-wallet', { private_key: walletB.privateKey }),
      );
    }
  });
  afterAll(async () => {
    await harness.close();
  });

  function as(
    operator: Operator,
    method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    return app.inject({
      method,
      url,
      cookies: { fleet_session: operator.cookie },
      ...(payload ? { payload } : {}),
    });
  }

  async function snapshotOfB() {
    const [wallet, history] = await Promise.all([
      as(tenantB, 'GET', '/api/master-wallet'),
      as(tenantB, 'GET', '/api/history/master-wallet'),
    ]);
    return { wallet: wallet.json<unknown>(), history: history.json<unknown>() };
  }

  it("gives tenant A nothing of tenant B's on every read endpoint", async () => {
    const before = await snapshotOfB();
    expect((await as(tenantA, 'GET', '/api/master-wallet')).statusCode).toBe(404);
    expect((await as(tenantA, 'GET', '/api/master-wallet/balance')).statusCode).toBe(404);
    expect((await as(tenantA, 'POST', '/api/master-wallet/reveal')).statusCode).toBe(404);
    const history = await as(tenantA, 'GET', '/api/history/master-wallet');
    expect(history.json()).toEqual({ entries: [], hasMore: false, nextCursor: null });
    expect(await snapshotOfB()).toEqual(before);
  });

  it("does not let tenant A page into tenant B's history with B's cursor", async () => {
    const pageOfB = (await as(tenantB, 'GET', '/api/history/master-wallet?limit=1')).json<{
      nextCursor: string;
    }>();
    expect(pageOfB.nextCursor).toBeTruthy();
    const response = await as(
      tenantA,
      'GET',
      `/api/history/master-wallet?before=${pageOfB.nextCursor}`,
    );
    expect(response.json()).toEqual({ entries: [], hasMore: false, nextCursor: null });
  });

  it("leaves tenant B's data untouched when tenant A writes and deletes", async () => {
    const before = await snapshotOfB();
    expect((await as(tenantA, 'DELETE', '/api/master-wallet')).statusCode).toBe(404);
    const walletA = newTestKeypair();
    expectOk(await as(tenantA, 'PATCH', '/api/master-wallet', { private_key: walletA.privateKey }));
    expectOk(await as(tenantA, 'DELETE', '/api/master-wallet'));
    expect(await snapshotOfB()).toEqual(before);
    expect((await as(tenantB, 'POST', '/api/master-wallet/reveal')).json()).toEqual({
      public_address: walletB.address,
      private_key: walletB.privateKey,
    });
  });

  it("stores the same key for two tenants as two tenants' rows, each readable only by its owner", async () => {
    const shared = newTestKeypair();
    expectOk(await as(tenantA, 'PATCH', '/api/master-wallet', { private_key: shared.privateKey }));
    const ofA = await as(tenantA, 'POST', '/api/master-wallet/reveal');
    expect(ofA.json()).toMatchObject({ public_address: shared.address });
    expect((await as(tenantB, 'GET', '/api/master-wallet')).json()).toMatchObject({
      public_address: walletB.address,
    });
  });
  it("keeps tenant B's imported wallets and seed groups out of tenant A's imports", async () => {
    const imported = newTestKeypair();
    expectOk(await as(tenantB, 'POST', '/api/wallet', { privateKeys: [imported.privateKey] }));
    const groupOfB = expectOk(
      await as(tenantB, 'POST', '/api/seed-groups', {
        seedFingerprint: 'b'.repeat(64),
        derivationScheme: 'bip44-change',
        label: 'B',
      }),
    ).json<{ id: string }>();
    const groupsOfB = (await as(tenantB, 'GET', '/api/seed-groups')).json<unknown>();

    const validated = await as(tenantA, 'POST', '/api/wallet/validate-only', {
      privateKeys: imported.privateKey,
    });
    expect(validated.json()).toMatchObject({
      publicAddresses: [imported.address],
      duplicateActiveAddresses: [],
      duplicateArchivedAddresses: [],
    });
    const importedByA = await as(tenantA, 'POST', '/api/wallet', {
      privateKeys: [imported.privateKey],
    });
    expect(importedByA.json()).toMatchObject({ created: 1, restored: 0, unchanged: 0 });
    const groupsOfA = await as(tenantA, 'GET', '/api/seed-groups');
    expect(groupsOfA.json()).toMatchObject({ groups: [] });
    expect(
      (await as(tenantA, 'PATCH', `/api/seed-groups/${groupOfB.id}`, { label: 'A' })).statusCode,
    ).toBe(404);
    const seedImport = await as(tenantA, 'POST', '/api/seed-import', {
      groupId: groupOfB.id,
      addresses: [imported.address],
      derivationPaths: ["m/44'/501'/0'/0'"],
      privateKeys: [imported.privateKey],
    });
    expect(seedImport.statusCode).toBe(404);
    expect((await as(tenantB, 'GET', '/api/seed-groups')).json()).toEqual(groupsOfB);
    const reimportedByB = await as(tenantB, 'POST', '/api/wallet', {
      privateKeys: [imported.privateKey],
    });
    expect(reimportedByB.json()).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("shows tenant A the shared RPC pool but none of tenant B's scan or log lines", async () => {
    expectOk(
      await as(tenantB, 'POST', '/api/scan-assets/preview', {
        publicAddresses: [newTestKeypair().address],
      }),
    );
    const ofB = expectOk(await as(tenantB, 'GET', '/api/scan/details')).json<{
      lastScan: unknown;
      logs: unknown[];
    }>();
    expect(ofB.lastScan).not.toBeNull();
    expect(ofB.logs.length).toBeGreaterThan(0);

    const ofA = expectOk(await as(tenantA, 'GET', '/api/scan/details')).json<{
      pool: { calls: number };
      lastScan: unknown;
      logs: unknown[];
    }>();
    expect(ofA.pool.calls).toBeGreaterThan(0);
    expect(ofA.lastScan).toBeNull();
    expect(ofA.logs).toEqual([]);
  });

  it("keeps tenant B's tags, groups and wallets out of tenant A's tag, group and search calls", async () => {
    const imported = newTestKeypair();
    expectOk(await as(tenantB, 'POST', '/api/wallet', { privateKeys: [imported.privateKey] }));
    const walletOfB = expectOk(await as(tenantB, 'GET', '/api/groups/all/wallets'))
      .json<{ wallets: { id: string; public_address: string }[] }>()
      .wallets.find((wallet) => wallet.public_address === imported.address);
    const tagOfB = expectOk(
      await as(tenantB, 'POST', '/api/tags', { name: 'Isolated tag of B' }),
    ).json<{ tag: { id: string } }>().tag;
    const groupOfB = expectOk(
      await as(tenantB, 'POST', '/api/groups', {
        group_name: 'Isolated group of B',
        walletIds: [walletOfB?.id],
      }),
    ).json<{ group: { id: string } }>().group;
    const snapshot = async () => ({
      tags: (await as(tenantB, 'GET', '/api/tags')).json<unknown>(),
      groups: (await as(tenantB, 'GET', '/api/groups?withCounts=true')).json<unknown>(),
      members: (await as(tenantB, 'GET', `/api/groups/${groupOfB.id}/wallets`)).json<unknown>(),
    });
    const before = await snapshot();

    const tagsOfA = (await as(tenantA, 'GET', '/api/tags')).json<{ tags: { id: string }[] }>();
    expect(tagsOfA.tags.some((tag) => tag.id === tagOfB.id)).toBe(false);
    const groupsOfA = (await as(tenantA, 'GET', '/api/groups')).json<{
      groups: { id: string }[];
    }>();
    expect(groupsOfA.groups.some((group) => group.id === groupOfB.id)).toBe(false);
    for (const [method, url, payload] of [
      ['GET', `/api/groups/${groupOfB.id}/wallets`, undefined],
      ['PATCH', `/api/groups/${groupOfB.id}`, { group_name: 'Taken by A' }],
      ['DELETE', `/api/groups/${groupOfB.id}`, undefined],
      ['PATCH', `/api/tags/${tagOfB.id}`, { name: 'Taken by A' }],
      ['DELETE', `/api/tags/${tagOfB.id}`, undefined],
      ['POST', '/api/tags/assign', { walletIds: [walletOfB?.id], tagIds: [tagOfB.id] }],
      ['POST', '/api/tags/unassign', { walletIds: [walletOfB?.id], tagIds: [tagOfB.id] }],
      ['POST', '/api/groups', { group_name: 'Smuggler', walletIds: [walletOfB?.id] }],
    ] as const) {
      const response = await as(tenantA, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const searched = await as(tenantA, 'GET', '/api/search?q=isolated');
    expect(searched.json()).toMatchObject({ wallets: [], tags: [], groups: [] });
    const byAddress = await as(tenantA, 'GET', `/api/search?q=${imported.address.slice(2, 12)}`);
    expect(JSON.stringify(byAddress.json())).not.toContain(imported.address);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps tenant B's tokens and their holders out of tenant A's tokens overview", async () => {
    const mint = newTestKeypair().address;
    await insertWallets(harness.database.db, tenantB.tenantId, [
      { lamports: 1n, tokens: [{ mint, amount: 7n }] },
    ]);
    const mintsOf = async (operator: Operator) =>
      expectOk(await as(operator, 'GET', '/api/tokens/aggregated'))
        .json<{ tokens: { id: string }[] }>()
        .tokens.map((token) => token.id);
    expect(await mintsOf(tenantB)).toContain(mint);
    expect(await mintsOf(tenantA)).not.toContain(mint);
    const holders = async (operator: Operator) =>
      expectOk(await as(operator, 'GET', `/api/token/${mint}/holders`)).json<{
        holders: { amount_str: string }[];
      }>().holders;
    expect(await holders(tenantA)).toEqual([]);
    expect((await holders(tenantB)).map((holder) => holder.amount_str)).toEqual(['7']);
  });

  it("keeps tenant B's audit entries out of tenant A's audit log, its filters and its CSV", async () => {
    const ofB = expectOk(await as(tenantB, 'GET', '/api/audit-log?limit=1')).json<{
      entries: { id: string }[];
      nextCursor: string;
    }>();
    expect(ofB.entries).toHaveLength(1);
    const ofA = expectOk(await as(tenantA, 'GET', '/api/audit-log?limit=200')).body;
    expect(ofA).not.toContain(tenantB.email);
    expect(ofA).not.toContain(ofB.entries[0]?.id);
    expect(ofA).not.toContain(walletB.address);
    expect(expectOk(await as(tenantA, 'GET', '/api/audit-log/filters')).body).not.toContain(
      tenantB.email,
    );
    expect(expectOk(await as(tenantA, 'GET', '/api/audit-log.csv')).body).not.toContain(
      tenantB.email,
    );
    const paged = await as(tenantA, 'GET', `/api/audit-log?before=${ofB.nextCursor}`);
    expect(paged.statusCode).toBe(400);
  });

  it("keeps tenant B's fee cap from tenant A's settings, and A's change from B's cap", async () => {
    const fees = '/api/settings/fees';
    expectOk(await as(tenantB, 'PUT', fees, { maxMicroLamportsPerUnit: '1234' }));
    expect(expectOk(await as(tenantA, 'GET', fees)).json()).toMatchObject({
      maxMicroLamportsPerUnit: null,
    });
    expectOk(await as(tenantA, 'PUT', fees, { maxMicroLamportsPerUnit: '77' }));
    expectOk(await as(tenantA, 'PUT', fees, { maxMicroLamportsPerUnit: null }));
    expect(expectOk(await as(tenantB, 'GET', fees)).json()).toMatchObject({
      maxMicroLamportsPerUnit: '1234',
      effectiveMicroLamportsPerUnit: '1234',
    });
  });
});
