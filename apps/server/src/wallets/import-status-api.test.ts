import { randomBytes } from 'node:crypto';
import {
  SOLANA_DERIVATION_SCHEME,
  deriveSolanaAccounts,
  listSeedGroupsResponseSchema,
  readSlimWalletList,
  seedFingerprint,
  seedGroupSchema,
  type SlimWallet,
} from '@fleet/core';
import { withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('import status badges on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: operator.cookie },
      ...(payload ? { payload } : {}),
    });

  const byAddress = async () =>
    new Map<string, SlimWallet>(
      readSlimWalletList((await call('GET', '/api/wallets?mode=slim')).json()).wallets.map(
        (wallet) => [wallet.address, wallet],
      ),
    );

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'badges@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  it('marks wallets new, restored and updated by the latest import only', async () => {
    const accounts = deriveSolanaAccounts(new Uint8Array(randomBytes(64)), { count: 3 });
    const [kept, archived, fresh] = accounts as [
      (typeof accounts)[0],
      (typeof accounts)[0],
      (typeof accounts)[0],
    ];
    const imported = await call('POST', '/api/wallet', {
      privateKeys: [kept.privateKey, archived.privateKey],
    });
    expect(imported.statusCode).toBe(200);
    let wallets = await byAddress();
    expect(wallets.get(kept.publicKey)?.importStatus).toBe('new');
    await call('DELETE', '/api/archived-wallets', {
      walletIds: [wallets.get(archived.publicKey)?.id],
    });

    const salt = listSeedGroupsResponseSchema.parse(
      (await call('GET', '/api/seed-groups')).json(),
    ).fingerprintSalt;
    const group = seedGroupSchema.parse(
      (
        await call('POST', '/api/seed-groups', {
          seedFingerprint: seedFingerprint(new Uint8Array(randomBytes(64)), salt),
          derivationScheme: SOLANA_DERIVATION_SCHEME,
          label: 'Vault A',
        })
      ).json(),
    );
    const seeded = await call('POST', '/api/seed-import', {
      groupId: group.id,
      addresses: accounts.map((a) => a.publicKey),
      derivationPaths: accounts.map((a) => a.derivationPath),
      privateKeys: accounts.map((a) => a.privateKey),
    });
    expect(seeded.statusCode).toBe(200);

    wallets = await byAddress();
    expect(wallets.get(kept.publicKey)).toMatchObject({
      importStatus: 'updated',
      sourceKind: 'seed',
      sourceId: group.id,
      sourceLabel: 'Vault A',
    });
    expect(wallets.get(archived.publicKey)?.importStatus).toBe('restored');
    expect(wallets.get(fresh.publicKey)?.importStatus).toBe('new');

    const seedTagged = readSlimWalletList(
      (await call('GET', `/api/wallets?mode=slim&tag=seed_vault_${group.id}`)).json(),
    );
    expect(seedTagged.wallets).toHaveLength(3);
    const bySeed = readSlimWalletList(
      (await call('GET', `/api/wallets?mode=slim&seedGroupId=${group.id}`)).json(),
    );
    expect(bySeed.wallets).toHaveLength(3);

    // A later batch takes the badges away from these.
    expect((await call('POST', '/api/create-wallet', { count: 1 })).statusCode).toBe(200);
    wallets = await byAddress();
    expect(wallets.get(fresh.publicKey)?.importStatus).toBeNull();
  });

  it('clears the badges 24 hours after the latest import, also when the list is cached', async () => {
    const slim = async () => {
      const response = await call('GET', '/api/wallets?mode=slim&summary=true');
      return {
        how: /desc="(\w+)"/.exec(String(response.headers['server-timing']))?.[1],
        wallets: readSlimWalletList(response.json()).wallets,
      };
    };
    await slim();
    const cached = await slim();
    expect(cached.how).toBe('cached');
    expect(cached.wallets.filter((wallet) => wallet.importStatus !== null)).toHaveLength(1);

    // A day passes: the batch's time moves back with the list version left alone (the version
    // trigger skips a tenant it has already bumped in this transaction), as the clock would.
    const versionNow = () =>
      withTenant(harness.database.db, operator.tenantId, async (tx) => {
        const result = await tx.execute<{ version: string }>(
          sql`select version::text as version from wallet_list_versions`,
        );
        return result.rows[0]?.version;
      });
    const before = await versionNow();
    await withTenant(harness.database.db, operator.tenantId, async (tx) => {
      await tx.execute(
        sql`select set_config('fleet.wallet_list_bumped', ${operator.tenantId}, true)`,
      );
      await tx.execute(
        sql`update import_batches set created_at = created_at - interval '25 hours'`,
      );
    });
    expect(await versionNow()).toBe(before);

    const settled = await slim();
    expect(settled.how).toBe('written');
    expect(settled.wallets.filter((wallet) => wallet.importStatus !== null)).toEqual([]);
    expect((await slim()).how).toBe('cached');
    const full = (await call('GET', '/api/wallets')).json<{ wallets: SlimWallet[] }>();
    expect(full.wallets.filter((wallet) => wallet.importStatus !== null)).toEqual([]);
  });
});
