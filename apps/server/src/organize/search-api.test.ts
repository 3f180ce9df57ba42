import { schema, withTenant } from '@fleet/db';
import { searchResponseSchema, type SearchResponse } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { insertSeedGroup, insertWallets } from './organize-fixtures';

/** Made-up but well-formed addresses, so tests can aim at known substrings. */
const ADDRESS_ONE = 'Fq9XkPnyAbc1111111111111111111111111111111';
const ADDRESS_TWO = 'ZZabcFq9Xk22222222222222222222222222222222';
const ADDRESS_THEIRS = 'Fq9XkTheirs333333333333333333333333333333';
const MINT = 'BonkMint1111111111111111111111111111111111';
const UNLISTED_MINT = 'Unlisted1Mint11111111111111111111111111111';
const ARCHIVED_MINT = 'ArchivedOnlyMint111111111111111111111111111';

describe.each(testDatabaseKinds)('search API on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  let seedId: string;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'search@example.com');
    other = await createOperator(app, 'search-other@example.com');
    seedId = await insertSeedGroup(harness.database.db, operator.tenantId, 'Alpha vault');
    await insertWallets(harness.database.db, operator.tenantId, [
      { address: ADDRESS_ONE, name: 'Alpha main' },
      { address: ADDRESS_TWO, name: 'Long name that mentions alpha late' },
      { name: '50%_off \\ wallet', tokens: [{ mint: MINT, amount: 5n }] },
      { name: '50 percent off wallet' },
      { name: "O'Brien's wallet" },
      { name: 'Alpha archived', archived: true },
      {
        name: 'Quiet holder',
        tokens: [
          { mint: MINT, amount: 1n },
          { mint: UNLISTED_MINT, amount: 0n },
        ],
      },
      { name: 'Quiet archived', archived: true, tokens: [{ mint: ARCHIVED_MINT, amount: 9n }] },
    ]);
    await insertWallets(harness.database.db, other.tenantId, [
      { address: ADDRESS_THEIRS, name: 'Alpha of B' },
    ]);
    await harness.database.db
      .insert(schema.mints)
      .values({ mint: MINT, symbol: 'BONK', name: 'Bonk', decimals: 5, program: 'spl-token' })
      .onConflictDoNothing();
    for (const [as, name] of [
      [operator, 'Alpha hunters'],
      [other, 'Alpha of tenant B'],
    ] as const) {
      await call('POST', '/api/tags', { name }, as);
      await call('POST', '/api/groups', { group_name: `${name} group` }, as);
    }
    await withTenant(harness.database.db, other.tenantId, (tx) =>
      tx.insert(schema.seedGroups).values({
        tenantId: other.tenantId,
        label: 'Alpha seed of B',
        seedFingerprint: 'fp-b',
        derivationScheme: 'bip44-change',
      }),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  function call(method: 'GET' | 'POST', url: string, payload?: object, as: Operator = operator) {
    return app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });
  }

  const search = async (q: string, as: Operator = operator, limit?: number) => {
    const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
    const response = await call('GET', `/api/search?${query.toString()}`, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json());
  };
  const names = (result: SearchResponse) => result.wallets.map((wallet) => wallet.name);

  it('finds wallets by address or name, case-insensitively, prefix matches first', async () => {
    const byAddress = await search('fq9xk');
    expect(byAddress.wallets.map((w) => w.public_address)).toEqual([ADDRESS_ONE, ADDRESS_TWO]);
    const byName = await search('ALPHA');
    expect(names(byName)).toEqual(['Alpha main', 'Long name that mentions alpha late']);
  });

  it('finds tags, seed tags, custom, seed and computed groups, and held tokens', async () => {
    const result = await search('alpha');
    expect(result.tags.map((tag) => tag.name)).toEqual(['Alpha vault', 'Alpha hunters']);
    expect(result.tags[0]).toMatchObject({ id: seedId, slug: `seed_vault_${seedId}` });
    // A seed tag's slug matches from its start, not anywhere in the vault id it carries.
    expect((await search('SEED_VAULT')).tags.map((tag) => tag.id)).toEqual([seedId]);
    expect((await search(seedId.slice(9, 13))).tags).toEqual([]);
    expect(result.groups.map((group) => group.group_name)).toEqual([
      'Alpha vault',
      'Alpha hunters group',
    ]);
    expect(result.groups[0]?.id).toBe(`seed:${seedId}`);
    expect((await search('wallets')).groups.map((group) => group.id)).toEqual([
      'all',
      'traders',
      'empty',
    ]);
    expect((await search('bonk')).tokens).toEqual([{ mint: MINT, symbol: 'BONK', name: 'Bonk' }]);
    expect((await search('bonkmint')).tokens.map((token) => token.mint)).toEqual([MINT]);
  });

  it('lists each held mint once, by address when it has no metadata, never one only archived wallets hold', async () => {
    expect((await search('bonk')).tokens).toHaveLength(1);
    expect((await search('unlisted1')).tokens).toEqual([
      { mint: UNLISTED_MINT, symbol: null, name: null },
    ]);
    expect((await search('archivedonly')).tokens).toEqual([]);
  });

  it('answers empty lists below three characters and 400 above 128', async () => {
    for (const q of ['', 'al', '  al  ']) {
      expect(await search(q)).toEqual({ wallets: [], tags: [], groups: [], tokens: [] });
    }
    const tooLong = await call('GET', `/api/search?q=${'a'.repeat(10_000)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: string }>().error).toContain(
      'Search text must be at most 128 characters',
    );
    expect((await call('GET', '/api/search')).statusCode).toBe(400);
    expect((await call('GET', '/api/search?q=alpha&limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/search?q=alpha&limit=abc')).statusCode).toBe(400);
  });

  it('treats %, _, backslash, quotes and regex text literally', async () => {
    expect(names(await search('50%_off'))).toEqual(['50%_off \\ wallet']);
    expect(names(await search('%_o'))).toEqual(['50%_off \\ wallet']);
    expect(names(await search('f \\ w'))).toEqual(['50%_off \\ wallet']);
    expect(names(await search("o'brien"))).toEqual(["O'Brien's wallet"]);
    expect(names(await search('___'))).toEqual([]);
    expect(names(await search('%%%'))).toEqual([]);
    expect(names(await search('.*a'))).toEqual([]);
    expect(names(await search("'; drop table wallets; --"))).toEqual([]);
    expect((await search('wallet')).wallets.length).toBe(3);
  });

  it('caps every list at the limit and leaves archived wallets out', async () => {
    const capped = await search('wallet', operator, 1);
    expect(capped.wallets).toHaveLength(1);
    expect(capped.groups).toHaveLength(1);
    expect(names(await search('archived'))).toEqual([]);
  });

  it('shows one tenant nothing of another’s wallets, tags, groups or seeds', async () => {
    const mine = await search('alpha');
    const everything = JSON.stringify(mine);
    expect(everything).not.toContain('of B');
    expect(everything).not.toContain(ADDRESS_THEIRS);
    const theirs = await search('alpha', other);
    expect(names(theirs)).toEqual(['Alpha of B']);
    expect(theirs.tags.map((tag) => tag.name)).toEqual(['Alpha seed of B', 'Alpha of tenant B']);
    expect(JSON.stringify(theirs)).not.toMatch(/Alpha main|Alpha hunters|Alpha vault/);
    expect((await search('bonk', other)).tokens).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/search?q=alpha' })).statusCode).toBe(401);
  });
});
