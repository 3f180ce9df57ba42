import { randomUUID } from 'node:crypto';
import {
  COMPUTED_GROUP_SEGMENTS,
  filterBySegment,
  groupResponseSchema,
  readSlimWalletList,
  groupWalletsResponseSchema,
  listGroupsResponseSchema,
  type Group,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import {
  createOperator,
  createTestApp,
  expectOk,
  type Operator,
  type TestApp,
} from '../testing/test-app';
import { insertSeedGroup, insertWallets, organizeRowCounts } from './organize-fixtures';

const MINT_A = 'So11111111111111111111111111111111111111112';
const MINT_B = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe.each(testDatabaseKinds)('groups API on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  /** The segment fixtures of `operator`, by what they are meant to show. */
  let ids: Record<string, string>;
  let seedId: string;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'groups@example.com');
    other = await createOperator(app, 'groups-other@example.com');
    seedId = await insertSeedGroup(harness.database.db, operator.tenantId, 'Ledger seed');
    const master = newTestKeypair();
    expectOk(
      await call('PATCH', '/api/master-wallet', { private_key: master.privateKey }, operator),
    );
    const names = [
      'empty',
      'emptyNoBalanceRow',
      'solOnly',
      'tokens',
      'zeroTokens',
      'zeroTokensWithSol',
      'mixedTokens',
      'trader',
      'archivedTrader',
      'seeded',
      'master',
    ] as const;
    const rows = await insertWallets(harness.database.db, operator.tenantId, [
      { lamports: 0n },
      { lamports: null },
      { lamports: 5n },
      { tokens: [{ mint: MINT_A, amount: 10n }] },
      { lamports: 0n, tokens: [{ mint: MINT_A, amount: 0n }] },
      { lamports: 7n, tokens: [{ mint: MINT_B, amount: 0n }] },
      {
        tokens: [
          { mint: MINT_A, amount: 0n },
          { mint: MINT_B, amount: 3n },
        ],
      },
      { isTrader: true, lamports: 1n },
      { isTrader: true, archived: true, lamports: 1n },
      { seedGroupId: seedId, lamports: 1n },
      { address: master.address, lamports: 1n },
    ]);
    ids = Object.fromEntries(names.map((name, index) => [name, rows[index]?.id ?? '']));
    await insertWallets(harness.database.db, other.tenantId, [{ isTrader: true }, {}]);
  });
  afterAll(async () => {
    await harness.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as: Operator = operator,
  ) {
    return app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });
  }

  const listGroups = async (as: Operator = operator): Promise<Group[]> => {
    const response = await call('GET', '/api/groups?withCounts=true', undefined, as);
    expect(response.statusCode).toBe(200);
    return listGroupsResponseSchema.parse(response.json()).groups;
  };

  const membersOf = async (groupId: string, as: Operator = operator) => {
    const response = await call('GET', `/api/groups/${groupId}/wallets`, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return groupWalletsResponseSchema.parse(response.json());
  };

  const newGroup = async (payload: object, as: Operator = operator): Promise<Group> => {
    const response = await call('POST', '/api/groups', payload, as);
    expect(response.statusCode, response.body).toBe(201);
    return groupResponseSchema.parse(response.json()).group;
  };

  it('lists the computed groups first, then one per seed source, with active-wallet counts', async () => {
    const groups = await listGroups();
    expect(groups.slice(0, 8).map((group) => [group.id, group.group_name, group.count])).toEqual([
      ['all', 'All Wallets', 10],
      ['traders', 'Trader Wallets', 1],
      ['empty', 'Empty Wallets', 2],
      ['with-tokens', 'Tokens with Balances', 2],
      ['zero-tokens', 'Zero Balance Tokens', 2],
      ['pool-creators', 'Liquidity Pool Creators', 0],
      ['middlemen', 'Middlemen', 0],
      [`seed:${seedId}`, 'Ledger seed', 1],
    ]);
    expect(groups[7]?.kind).toBe('seed');
    const plain = await call('GET', '/api/groups');
    expect(plain.json<{ groups: Group[] }>().groups[0]).not.toHaveProperty('count');
  });

  it('gives each group the SOL of its active wallets, exactly, and no value until prices exist', async () => {
    const totals = (groups: Group[]) =>
      Object.fromEntries(groups.map((group) => [group.id, group.total_lamports]));
    const group = await newGroup({
      group_name: 'Funded',
      walletIds: [ids['solOnly'], ids['trader'], ids['emptyNoBalanceRow']],
    });
    const groups = await listGroups();
    expect(totals(groups)).toMatchObject({
      all: '15',
      traders: '1',
      empty: '0',
      'with-tokens': '0',
      'zero-tokens': '7',
      'pool-creators': '0',
      [`seed:${seedId}`]: '1',
      [group.id]: '6',
    });
    expect(groups.every((entry) => entry.total_value_usd === null)).toBe(true);
    const plain = await call('GET', '/api/groups');
    expect(plain.json<{ groups: Group[] }>().groups[0]).not.toHaveProperty('total_lamports');
    // Archived wallets leave the total with their count.
    await call('DELETE', '/api/archived-wallets', { walletIds: [ids['trader']] });
    expect((await listGroups()).find((entry) => entry.id === group.id)).toMatchObject({
      count: 2,
      total_lamports: '5',
    });
    await call('POST', '/api/restore-wallets', { ids: [ids['trader']] });
    await call('DELETE', `/api/groups/${group.id}`);

    // Past 2^53 lamports the sum stays exact (numeric in SQL, a string on the wire).
    const rich = await createOperator(app, 'groups-rich@example.com');
    const [a, b] = await insertWallets(harness.database.db, rich.tenantId, [
      { lamports: 9_007_199_254_740_993n },
      { lamports: 9_007_199_254_740_993n },
    ]);
    const whales = await newGroup({ group_name: 'Whales', walletIds: [a?.id, b?.id] }, rich);
    const richGroups = await listGroups(rich);
    expect(totals(richGroups)['all']).toBe('18014398509481986');
    expect(totals(richGroups)[whales.id]).toBe('18014398509481986');
  });

  it('puts each wallet in the segments of spec 2 §5', async () => {
    const membersIds = async (groupId: string) =>
      (await membersOf(groupId)).wallets.map((wallet) => wallet.id).sort();
    const sorted = (...names: string[]) => names.map((name) => ids[name]).sort();
    expect(await membersIds('empty')).toEqual(sorted('empty', 'emptyNoBalanceRow'));
    expect(await membersIds('with-tokens')).toEqual(sorted('tokens', 'mixedTokens'));
    expect(await membersIds('zero-tokens')).toEqual(sorted('zeroTokens', 'zeroTokensWithSol'));
    expect(await membersIds('traders')).toEqual(sorted('trader'));
    expect(await membersIds(`seed:${seedId}`)).toEqual(sorted('seeded'));
    expect(await membersIds('pool-creators')).toEqual([]);
    expect((await membersIds('all')).length).toBe(10);
  });

  it('holds in each computed group exactly the wallets its segment shows on the wallets page', async () => {
    const list = readSlimWalletList((await call('GET', '/api/wallets?mode=slim')).json());
    const context = { now: Date.now() };
    for (const [groupId, segment] of Object.entries(COMPUTED_GROUP_SEGMENTS)) {
      const members = (await membersOf(groupId)).wallets.map((wallet) => wallet.id).sort();
      const shown = filterBySegment(list.wallets, segment, context).map((wallet) => wallet.id);
      expect(members, `${groupId} against the ${segment} segment`).toEqual(shown.sort());
    }
  });

  it('answers the group call in its wire shape, without any key material', async () => {
    const { group, wallets } = await membersOf('all');
    expect(group).toMatchObject({ id: 'all', kind: 'computed', count: 10 });
    const master = wallets.find((wallet) => wallet.id === ids['master']);
    expect(master).toMatchObject({ is_master_wallet: true, has_private_key: true });
    const solOnly = wallets.find((wallet) => wallet.id === ids['solOnly']);
    expect(solOnly).toMatchObject({ lamports_balance: '5', is_master_wallet: false });
    expect(wallets.find((w) => w.id === ids['emptyNoBalanceRow'])?.lamports_balance).toBeNull();
    const body = (await call('GET', '/api/groups/all/wallets')).body;
    expect(body).not.toMatch(/"private_key"|encrypted|ciphertext/);
  });

  it('creates a custom group with wallets, counts only active members and edits it', async () => {
    const group = await newGroup({
      group_name: '  Snipers ',
      walletIds: [ids['solOnly'], ids['tokens'], ids['solOnly']],
    });
    expect(group).toMatchObject({ group_name: 'Snipers', kind: 'custom', count: 2 });
    expect(group.color).toBe('#3b82f6');

    const patched = await call('PATCH', `/api/groups/${group.id}`, {
      group_name: 'Snipers 2',
      color: '#FF0000',
      description: 'Fast ones',
      addWalletIds: [ids['trader'], ids['seeded']],
      removeWalletIds: [ids['tokens']],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(groupResponseSchema.parse(patched.json()).group).toMatchObject({
      group_name: 'Snipers 2',
      color: '#ff0000',
      description: 'Fast ones',
      count: 3,
    });
    const members = await membersOf(group.id);
    expect(members.group.kind).toBe('custom');
    expect(members.wallets.map((w) => w.id).sort()).toEqual(
      [ids['solOnly'], ids['trader'], ids['seeded']].sort(),
    );
    const listed = (await listGroups()).find((g) => g.id === group.id);
    expect(listed).toMatchObject({ group_name: 'Snipers 2', count: 3 });
    expect((await listGroups()).findIndex((g) => g.id === group.id)).toBeGreaterThan(6);
  });

  it('refuses bad names, colours and ids, changing nothing', async () => {
    const group = await newGroup({ group_name: 'Stable' });
    const before = await organizeRowCounts(harness.database.db, operator.tenantId);
    for (const payload of [
      { group_name: '' },
      { group_name: '   ' },
      { group_name: 'x'.repeat(65) },
      { group_name: 'ok', color: 'red' },
      { group_name: 'ok', color: '#12' },
      { group_name: 'ok', walletIds: ['not-a-uuid'] },
    ]) {
      const response = await call('POST', '/api/groups', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await call('POST', '/api/groups', {
      group_name: 'ok',
      walletIds: [ids['solOnly'], randomUUID()],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toMatch(/Wallet not found/);
    const archived = await call('PATCH', `/api/groups/${group.id}`, {
      group_name: 'Renamed',
      addWalletIds: [ids['archivedTrader']],
    });
    expect(archived.statusCode).toBe(404);
    // As many ids as the contract allows, in one list or two: refused whole, not cut off at 413.
    const many = () => Array.from({ length: 100_000 }, () => randomUUID());
    const manyUnknown = await call('POST', '/api/groups', { group_name: 'ok', walletIds: many() });
    expect(manyUnknown.statusCode, manyUnknown.body.slice(0, 200)).toBe(404);
    const manyChanges = await call('PATCH', `/api/groups/${group.id}`, {
      addWalletIds: many(),
      removeWalletIds: many(),
    });
    expect(manyChanges.statusCode, manyChanges.body.slice(0, 200)).toBe(404);
    expect((await call('PATCH', `/api/groups/${group.id}`, { color: '#12' })).statusCode).toBe(400);
    expect(await organizeRowCounts(harness.database.db, operator.tenantId)).toEqual(before);
    expect((await listGroups()).find((g) => g.id === group.id)?.group_name).toBe('Stable');
  });

  it('answers 404 Group not found for unknown ids and 400 for changing computed groups', async () => {
    for (const id of [randomUUID(), 'nope', `seed:${randomUUID()}`, 'seed:nope', 'a%2Fb']) {
      const response = await call('GET', `/api/groups/${id}/wallets`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Group not found' });
    }
    for (const id of ['all', `seed:${seedId}`]) {
      expect((await call('PATCH', `/api/groups/${id}`, { group_name: 'x' })).statusCode).toBe(400);
      expect((await call('DELETE', `/api/groups/${id}`)).statusCode).toBe(400);
    }
    expect((await call('DELETE', `/api/groups/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/groups?withCounts=maybe')).statusCode).toBe(400);
  });

  it('deletes a custom group and leaves its wallets alone', async () => {
    const group = await newGroup({ group_name: 'Temporary', walletIds: [ids['solOnly']] });
    const deleted = await call('DELETE', `/api/groups/${group.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await call('GET', `/api/groups/${group.id}/wallets`)).statusCode).toBe(404);
    expect((await membersOf('all')).wallets.some((w) => w.id === ids['solOnly'])).toBe(true);
  });

  it('keeps tenants apart: no listing, reading, changing or filling another tenant’s groups', async () => {
    const mine = await newGroup({ group_name: 'Private A', walletIds: [ids['solOnly']] });
    const theirs = await newGroup({ group_name: 'Private B' }, other);
    const before = await organizeRowCounts(harness.database.db, operator.tenantId);

    const otherGroups = await listGroups(other);
    expect(otherGroups.some((g) => g.id === mine.id || g.id === `seed:${seedId}`)).toBe(false);
    expect(otherGroups.find((g) => g.id === 'all')?.count).toBe(2);
    expect((await call('GET', `/api/groups/${mine.id}/wallets`, undefined, other)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/groups/seed:${seedId}/wallets`, undefined, other)).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/groups/${mine.id}`, { group_name: 'Mine' }, other)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/groups/${mine.id}`, undefined, other)).statusCode).toBe(404);
    const smuggle = await call(
      'PATCH',
      `/api/groups/${theirs.id}`,
      { addWalletIds: [ids['solOnly']] },
      other,
    );
    expect(smuggle.statusCode).toBe(404);
    const allOfOther = await membersOf('all', other);
    expect(allOfOther.wallets.some((w) => Object.values(ids).includes(w.id))).toBe(false);
    expect(await organizeRowCounts(harness.database.db, operator.tenantId)).toEqual(before);
  });
});
