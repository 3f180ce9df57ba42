import {
  filterBySegment,
  groupWalletsResponseSchema,
  listGroupsResponseSchema,
  listWalletsResponseSchema,
  MIDDLEMAN_SOURCE_LABEL,
  readSlimWalletList,
  revealKeysResponseSchema,
} from '@fleet/core';
import { withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { createKeyVault, kekFromBytes } from '../vault';
import { createMiddlemanService, type MiddlemanWallet } from '.';

describe.each(testDatabaseKinds)('the Middlemen group on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let made: MiddlemanWallet[];
  let fleetWallets: { id: string; address: string }[];

  const call = (method: 'GET' | 'POST', url: string, as: Operator = operator, payload?: object) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'middlemen@example.com');
    other = await createOperator(harness.app, 'middlemen-other@example.com');
    // The test app's vault key (see testing/test-app), so the app can open what the service sealed.
    const service = createMiddlemanService({
      vault: createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(7)) }),
    });
    made = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      service.createMiddlemen(tx, { tenantId: operator.tenantId, count: 3, createdBy: null }),
    );
    const created = await call('POST', '/api/create-wallet', operator, { count: 2 });
    expect(created.statusCode, created.body).toBe(200);
    fleetWallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  const groupIds = async (as: Operator) => {
    const response = await call('GET', '/api/groups/middlemen/wallets', as);
    expect(response.statusCode, response.body).toBe(200);
    return groupWalletsResponseSchema
      .parse(response.json())
      .wallets.map((wallet) => wallet.id)
      .sort();
  };

  it('lists the middlemen, and only them, in the computed Middlemen group with its count', async () => {
    expect(await groupIds(operator)).toEqual(made.map((wallet) => wallet.id).sort());
    const listed = await call('GET', '/api/groups?withCounts=true');
    const group = listGroupsResponseSchema
      .parse(listed.json())
      .groups.find((entry) => entry.id === 'middlemen');
    expect(group).toMatchObject({
      group_name: 'Middlemen',
      kind: 'computed',
      count: 3,
      total_lamports: '0',
    });
  });

  it("shows another tenant no middlemen of this one's", async () => {
    expect(await groupIds(other)).toEqual([]);
    const listed = await call('GET', '/api/groups?withCounts=true', other);
    const group = listGroupsResponseSchema
      .parse(listed.json())
      .groups.find((entry) => entry.id === 'middlemen');
    expect(group?.count).toBe(0);
  });

  it('shows them on the wallets page with their own source, in the Middlemen segment', async () => {
    const slim = readSlimWalletList((await call('GET', '/api/wallets?mode=slim')).json());
    const middlemen = filterBySegment(slim.wallets, 'middlemen', { now: Date.now() });
    expect(middlemen.map((wallet) => wallet.id).sort()).toEqual(
      made.map((wallet) => wallet.id).sort(),
    );
    for (const wallet of middlemen) {
      expect(wallet).toMatchObject({
        sourceKind: 'middleman',
        sourceId: null,
        sourceLabel: MIDDLEMAN_SOURCE_LABEL,
        lamports: '0',
        importStatus: null,
      });
    }
    // The created wallets keep their source, and the numbering of the others is unchanged.
    const fleet = slim.wallets.filter((wallet) => fleetWallets.some((w) => w.id === wallet.id));
    expect(fleet.map((wallet) => [wallet.sourceKind, wallet.sourceLabel])).toEqual([
      ['manual', 'PK'],
      ['manual', 'PK'],
    ]);
    const full = listWalletsResponseSchema.parse((await call('GET', '/api/wallets')).json());
    const first = full.wallets.find((wallet) => wallet.id === made[0]?.id);
    expect(first).toMatchObject({ sourceKind: 'middleman', sourceLabel: MIDDLEMAN_SOURCE_LABEL });
  });

  it('can reveal a middleman key, so its SOL is never stranded', async () => {
    const [first] = made;
    const response = await call('POST', '/api/wallets/reveal-keys', operator, {
      walletIds: [first?.id],
      purpose: 'reveal',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { keys } = revealKeysResponseSchema.parse(response.json());
    expect(keys.map((key) => key.address)).toEqual([first?.address]);
  });
});
