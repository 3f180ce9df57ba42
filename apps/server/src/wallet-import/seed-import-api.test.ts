import { randomBytes } from 'node:crypto';
import {
  DEFAULT_DERIVATION_SCHEME as SOLANA_DERIVATION_SCHEME,
  deriveSolanaAccounts,
  type DerivationScheme,
  listSeedGroupsResponseSchema,
  seedFingerprint,
  seedGroupSchema,
  seedImportResponseSchema,
  type DerivedAccount,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('seed groups and seed import on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'seeds@example.com');
    other = await createOperator(app, 'seeds-other@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    as: Operator = operator,
  ) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });

  const saltOf = async (as: Operator) =>
    listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups', undefined, as)).json(),
    ).fingerprintSalt;

  /** A fresh seed's group and its first `count` accounts, as the browser would send them. */
  async function newSeed(
    as: Operator,
    count = 3,
    label?: string,
    scheme: DerivationScheme = SOLANA_DERIVATION_SCHEME,
    start = 0,
  ) {
    const seed = new Uint8Array(randomBytes(64));
    const fingerprint = seedFingerprint(seed, await saltOf(as));
    const created = await call(
      'POST',
      '/api/seed-groups',
      { seedFingerprint: fingerprint, derivationScheme: scheme, label },
      as,
    );
    expect(created.statusCode).toBe(200);
    const group = seedGroupSchema.parse(created.json());
    const accounts = deriveSolanaAccounts(seed, { count, scheme, start });
    return { seed, fingerprint, group, accounts };
  }

  const importPayload = (
    groupId: string,
    accounts: readonly DerivedAccount[],
    derivationScheme?: DerivationScheme,
  ) => ({
    groupId,
    addresses: accounts.map((a) => a.publicKey),
    derivationPaths: accounts.map((a) => a.derivationPath),
    privateKeys: accounts.map((a) => a.privateKey),
    ...(derivationScheme ? { derivationScheme } : {}),
  });

  const rows = (tenantId: string, addresses: string[]) =>
    withTenant(harness.database.db, tenantId, (tx) =>
      tx.select().from(schema.wallets).where(inArray(schema.wallets.publicAddress, addresses)),
    );

  it('creates a group once per fingerprint and lists it with its wallet count and the salt', async () => {
    const { fingerprint, group } = await newSeed(operator, 3, 'Cold storage');
    expect(group).toMatchObject({ label: 'Cold storage', walletCount: 0 });
    const again = await call('POST', '/api/seed-groups', {
      seedFingerprint: fingerprint,
      derivationScheme: SOLANA_DERIVATION_SCHEME,
      label: 'Another name',
    });
    expect(seedGroupSchema.parse(again.json())).toMatchObject({
      id: group.id,
      label: 'Cold storage',
    });
    const listed = listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups')).json(),
    );
    expect(listed.groups.filter((g) => g.seedFingerprint === fingerprint)).toHaveLength(1);
    expect(listed.fingerprintSalt).toMatch(/^[0-9a-f]{64}$/);
    expect(listed.fingerprintSalt).not.toBe(await saltOf(other));

    const bad = await call('POST', '/api/seed-groups', {
      seedFingerprint: 'not-hex',
      derivationScheme: SOLANA_DERIVATION_SCHEME,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'seedFingerprint: Unable to determine seed fingerprint',
    });
  });

  it('imports derived accounts with counts created, restored and linked', async () => {
    const { group, accounts } = await newSeed(operator, 4);
    const [first, second, third, fourth] = accounts as [
      DerivedAccount,
      DerivedAccount,
      DerivedAccount,
      DerivedAccount,
    ];
    // `second` is already active from a key paste; `third` was imported and archived.
    await call('POST', '/api/wallet', { privateKeys: [second.privateKey, third.privateKey] });
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx
        .update(schema.wallets)
        .set({ archivedAt: new Date() })
        .where(eq(schema.wallets.publicAddress, third.publicKey)),
    );

    const response = await call('POST', '/api/seed-import', importPayload(group.id, accounts));
    expect(response.statusCode).toBe(200);
    const body = seedImportResponseSchema.parse(response.json());
    expect(body).toMatchObject({ created: 2, restored: 1, linked: 1 });

    const stored = await rows(
      operator.tenantId,
      accounts.map((a) => a.publicKey),
    );
    expect(stored).toHaveLength(4);
    for (const account of [first, second, third, fourth]) {
      const row = stored.find((r) => r.publicAddress === account.publicKey);
      expect(row).toMatchObject({
        seedGroupId: group.id,
        derivationPath: account.derivationPath,
        archivedAt: null,
      });
    }
    expect(stored.find((r) => r.publicAddress === first.publicKey)?.sourceKind).toBe('seed');

    const again = seedImportResponseSchema.parse(
      (await call('POST', '/api/seed-import', importPayload(group.id, accounts))).json(),
    );
    expect(again).toMatchObject({ created: 0, restored: 0, linked: 4 });
    const listed = listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups')).json(),
    );
    expect(listed.groups.find((g) => g.id === group.id)?.walletCount).toBe(4);
  });

  it('creates each wallet once when a seed import and a key import of it run at once', async () => {
    const { group, accounts } = await newSeed(operator, 20);
    const [bySeed, byKeys] = await Promise.all([
      call('POST', '/api/seed-import', importPayload(group.id, accounts)),
      call('POST', '/api/wallet', { privateKeys: accounts.map((a) => a.privateKey) }),
    ]);
    const seedCounts = seedImportResponseSchema.parse(bySeed.json());
    const keyCounts = byKeys.json<{ created: number; restored: number; unchanged: number }>();
    expect(seedCounts.created + seedCounts.restored + seedCounts.linked).toBe(20);
    expect(keyCounts.created + keyCounts.restored + keyCounts.unchanged).toBe(20);
    expect(seedCounts.created + keyCounts.created).toBe(20);
    expect(
      await rows(
        operator.tenantId,
        accounts.map((a) => a.publicKey),
      ),
    ).toHaveLength(20);
  });

  it('refuses a key that does not match its address or path, and writes nothing', async () => {
    const { group, accounts } = await newSeed(operator, 2);
    const [first, second] = accounts as [DerivedAccount, DerivedAccount];
    const swapped = importPayload(group.id, accounts);
    swapped.addresses = [second.publicKey, first.publicKey];
    const mismatch = await call('POST', '/api/seed-import', swapped);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ error: string }>().error).toContain('does not match its address');

    const badPath = importPayload(group.id, accounts);
    badPath.derivationPaths = ["m/44'/60'/0'/0'", second.derivationPath];
    expect((await call('POST', '/api/seed-import', badPath)).statusCode).toBe(400);

    const short = importPayload(group.id, accounts);
    short.derivationPaths = [first.derivationPath];
    const shortResponse = await call('POST', '/api/seed-import', short);
    expect(shortResponse.json()).toMatchObject({
      error: 'Derivation context missing. Preview the seed again',
    });

    const unknown = await call('POST', '/api/seed-import', {
      ...importPayload(group.id, accounts),
      groupId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await call('POST', '/api/seed-import', {
      ...importPayload(group.id, accounts),
      groupId: 'nope',
    });
    expect(notUuid.json()).toMatchObject({
      error: 'groupId: Derivation context missing. Preview the seed again',
    });
    const tooMany = await call('POST', '/api/seed-import', {
      ...importPayload(group.id, accounts),
      privateKeys: Array.from({ length: 101 }, () => first.privateKey),
    });
    expect(tooMany.statusCode).toBe(400);

    expect(
      await rows(
        operator.tenantId,
        accounts.map((a) => a.publicKey),
      ),
    ).toEqual([]);
  });

  it('records the scheme of a vault: the same seed under another scheme is another vault', async () => {
    const { seed, fingerprint, group } = await newSeed(operator, 1, 'Ledger', 'bip44');
    expect(group).toMatchObject({ derivationScheme: 'bip44', label: 'Ledger' });
    const phantom = seedGroupSchema.parse(
      (
        await call('POST', '/api/seed-groups', {
          seedFingerprint: fingerprint,
          derivationScheme: 'bip44-change',
        })
      ).json(),
    );
    expect(phantom.id).not.toBe(group.id);
    expect(phantom.derivationScheme).toBe('bip44-change');
    const listed = listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups')).json(),
    );
    expect(
      listed.groups
        .filter((g) => g.seedFingerprint === fingerprint)
        .map((g) => g.derivationScheme)
        .sort(),
    ).toEqual(['bip44', 'bip44-change']);

    // Accounts 200 and 201 on m/44'/501'/{i}' go into the bip44 vault with their paths.
    const accounts = deriveSolanaAccounts(seed, { scheme: 'bip44', start: 200, count: 2 });
    const imported = await call(
      'POST',
      '/api/seed-import',
      importPayload(group.id, accounts, 'bip44'),
    );
    expect(imported.statusCode).toBe(200);
    expect(
      (
        await rows(
          operator.tenantId,
          accounts.map((a) => a.publicKey),
        )
      ).map((r) => [r.seedGroupId, r.derivationPath]),
    ).toEqual(
      expect.arrayContaining([
        [group.id, "m/44'/501'/200'"],
        [group.id, "m/44'/501'/201'"],
      ]),
    );

    const unknown = await call('POST', '/api/seed-groups', {
      seedFingerprint: fingerprint,
      derivationScheme: "m/44'/501'/{i}'/0'",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'derivationScheme: Unknown derivation scheme',
    });
  });

  it("refuses accounts of another scheme than the vault's, and paths that are not the scheme's", async () => {
    const { seed, group } = await newSeed(operator, 1, undefined, 'bip44');
    const phantomAccounts = deriveSolanaAccounts(seed, { count: 2 });
    // Phantom's paths sent as bip44: not paths of the scheme.
    const wrongPaths = await call(
      'POST',
      '/api/seed-import',
      importPayload(group.id, phantomAccounts, 'bip44'),
    );
    expect(wrongPaths.statusCode).toBe(400);
    expect(wrongPaths.json<{ error: string }>().error).toContain('Unsupported derivation path');
    // Phantom's accounts sent as Phantom's into the bip44 vault (no scheme means Phantom's).
    const wrongVault = await call(
      'POST',
      '/api/seed-import',
      importPayload(group.id, phantomAccounts),
    );
    expect(wrongVault.statusCode).toBe(400);
    expect(wrongVault.json()).toMatchObject({
      error: 'This seed vault derives its accounts as bip44, not bip44-change',
    });
    expect(
      await rows(
        operator.tenantId,
        phantomAccounts.map((a) => a.publicKey),
      ),
    ).toEqual([]);
  });

  it('imports the root key of a seed as its one account', async () => {
    const { group, accounts } = await newSeed(operator, 1, 'keygen', 'root');
    expect(accounts.map((a) => a.derivationPath)).toEqual(['root']);
    const imported = await call(
      'POST',
      '/api/seed-import',
      importPayload(group.id, accounts, 'root'),
    );
    expect(seedImportResponseSchema.parse(imported.json())).toMatchObject({ created: 1 });
    const [row] = await rows(
      operator.tenantId,
      accounts.map((a) => a.publicKey),
    );
    expect(row).toMatchObject({ seedGroupId: group.id, derivationPath: 'root' });
  });

  it('has the database refuse a scheme it does not know', async () => {
    const insert = (derivationScheme: string) =>
      withTenant(harness.database.db, operator.tenantId, (tx) =>
        tx.insert(schema.seedGroups).values({
          tenantId: operator.tenantId,
          seedFingerprint: 'f'.repeat(64),
          derivationScheme,
        }),
      );
    await expect(insert('solana-bip44')).rejects.toThrow();
    await expect(insert('root')).resolves.toBeDefined();
  });

  it('keeps one tenant’s groups from another: no listing, no rename, no import', async () => {
    const { group, accounts } = await newSeed(other, 1, 'Theirs');
    const listed = listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups')).json(),
    );
    expect(listed.groups.map((g) => g.id)).not.toContain(group.id);

    const rename = await call('PATCH', `/api/seed-groups/${group.id}`, { label: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toMatchObject({ error: 'Seed group not found' });
    const imported = await call('POST', '/api/seed-import', importPayload(group.id, accounts));
    expect(imported.statusCode).toBe(404);
    expect(await rows(operator.tenantId, [accounts[0]?.publicKey ?? ''])).toEqual([]);

    const theirs = listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups', undefined, other)).json(),
    );
    expect(theirs.groups.find((g) => g.id === group.id)?.label).toBe('Theirs');
  });

  it('renames a group, and answers 404 for an id that is not a group', async () => {
    const { group } = await newSeed(operator, 1);
    const renamed = await call('PATCH', `/api/seed-groups/${group.id}`, { label: '  Vault A  ' });
    expect(renamed.statusCode).toBe(200);
    expect(seedGroupSchema.parse(renamed.json()).label).toBe('Vault A');
    expect((await call('PATCH', '/api/seed-groups/nope', { label: 'x' })).statusCode).toBe(404);
    const tooLong = await call('PATCH', `/api/seed-groups/${group.id}`, { label: 'x'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
  });
});
