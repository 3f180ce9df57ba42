import {
  aggregatedTokensResponseSchema,
  createManualClock,
  tokenHoldersResponseSchema,
  type AggregatedTokensResponse,
  type TokenHoldersResponse,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSeedGroup, insertWallets } from '../organize/organize-fixtures';
import { jsonReply, startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const MINT_A = newTestKeypair().address; // $2 on Jupiter, a DexScreener pair; 6 decimals
const MINT_B = newTestKeypair().address; // nobody prices it
const MINT_NFT = newTestKeypair().address; // 0 decimals, no class stored: an NFT by the rule
const MINT_THEIRS = newTestKeypair().address; // held by the other tenant only
const SOL = 1_000_000_000n;

const pair = (mint: string, fdv: number, liquidity: number) => ({
  chainId: 'solana',
  dexId: 'raydium',
  pairAddress: newTestKeypair().address,
  baseToken: { address: mint, name: 'Token A', symbol: 'AAA' },
  quoteToken: {
    address: 'So11111111111111111111111111111111111111112',
    name: 'SOL',
    symbol: 'SOL',
  },
  priceUsd: '2.01',
  liquidity: { usd: liquidity },
  fdv,
  info: { imageUrl: `https://img.example/${mint}.png` },
});

// Spec 2 §2.5 and §3 over a small fleet with figures by hand: the aggregated tokens and one
// token's holders, tenant by tenant.
describe.each(testDatabaseKinds)('the tokens overview on %s', (kind) => {
  let fake: FakeMarket;
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  let rich = { id: '', address: '' };
  let master = { id: '', address: '' };
  let unscanned = { id: '', address: '' };
  let groupId = '';
  let seedGroupId = '';

  beforeAll(async () => {
    fake = await startFakeMarket();
    fake.jupiterPrices.set(MINT_A, 2);
    // A deeper pair wins over a shallower one (the deepest pair's figures).
    fake.dexReply = jsonReply([pair(MINT_A, 900, 10), pair(MINT_A, 1_000_000, 50_000)]);
    const clock = createManualClock(Date.now());
    harness = await createTestApp(kind, { clock, market: fake.market(clock) });
    app = harness.app;
    operator = await createOperator(app, 'tokens@example.com');
    other = await createOperator(app, 'tokens-other@example.com');
    const { db } = harness.database;
    await db
      .insert(schema.mints)
      .values([
        { mint: MINT_A, symbol: 'AAA', name: 'Token A', decimals: 6, program: 'spl-token' },
        { mint: MINT_NFT, symbol: 'ART', name: 'Art #1', decimals: 0, program: 'spl-token' },
      ])
      .onConflictDoNothing();
    seedGroupId = await insertSeedGroup(db, operator.tenantId, 'Vault One');
    [rich, master, unscanned] = (await insertWallets(db, operator.tenantId, [
      {
        name: 'Rich',
        lamports: 2n * SOL,
        isTrader: true,
        seedGroupId,
        tokens: [{ mint: MINT_A, amount: 3_000_000n }],
      },
      {
        name: 'Master',
        lamports: 5n * SOL,
        tokens: [
          { mint: MINT_A, amount: 1_000_000n },
          { mint: MINT_A, amount: 0n },
          { mint: MINT_B, amount: 4_000_000n },
        ],
      },
      { name: 'Unscanned', lamports: null, tokens: [{ mint: MINT_A, amount: 0n }] },
      {
        name: 'Archived whale',
        archived: true,
        lamports: 50n * SOL,
        tokens: [{ mint: MINT_A, amount: 1_000_000_000_000n }],
      },
    ])) as [typeof rich, typeof master, typeof unscanned];
    await insertWallets(db, other.tenantId, [
      {
        name: 'Theirs',
        lamports: 7n * SOL,
        tokens: [
          { mint: MINT_A, amount: 5_000_000n },
          { mint: MINT_THEIRS, amount: 1n },
        ],
      },
    ]);
    await withTenant(db, operator.tenantId, async (tx) => {
      await tx.insert(schema.walletTokenAccounts).values({
        tenantId: operator.tenantId,
        tokenAccount: newTestKeypair().address,
        walletId: rich.id,
        mint: MINT_NFT,
        program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        amount: '1',
        decimals: 0,
      });
      await tx.insert(schema.masterWallets).values({
        tenantId: operator.tenantId,
        publicAddress: master.address,
        encryptedKey: new Uint8Array([1]),
        keyAlgorithm: 'test',
        dataKeyVersion: 1,
      });
      const [tag] = await tx
        .insert(schema.tags)
        .values({ tenantId: operator.tenantId, slug: 'whales', name: 'Whales' })
        .returning({ id: schema.tags.id });
      await tx
        .insert(schema.walletTags)
        .values({ tenantId: operator.tenantId, walletId: rich.id, tagId: tag?.id ?? '' });
      const [group] = await tx
        .insert(schema.walletGroups)
        .values({ tenantId: operator.tenantId, name: 'Snipers' })
        .returning({ id: schema.walletGroups.id });
      groupId = group?.id ?? '';
      await tx
        .insert(schema.walletGroupMembers)
        .values({ tenantId: operator.tenantId, groupId, walletId: rich.id });
    });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const get = (as: Operator | null, url: string) =>
    app.inject({
      method: 'GET',
      url,
      ...(as === null ? {} : { cookies: { fleet_session: as.cookie } }),
    });

  const aggregated = async (as: Operator, query = ''): Promise<AggregatedTokensResponse> => {
    const response = await get(as, `/api/tokens/aggregated${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return aggregatedTokensResponseSchema.parse(response.json());
  };

  const holders = async (as: Operator, mint: string): Promise<TokenHoldersResponse> => {
    const response = await get(as, `/api/token/${mint}/holders`);
    expect(response.statusCode).toBe(200);
    return tokenHoldersResponseSchema.parse(response.json());
  };

  it('needs a session for both routes', async () => {
    expect((await get(null, '/api/tokens/aggregated')).statusCode).toBe(401);
    expect((await get(null, `/api/token/${MINT_A}/holders`)).statusCode).toBe(401);
  });

  it("sums every mint over the tenant's active wallets, with market figures, by value first", async () => {
    const { tokens, counts, marketPending } = await aggregated(operator);
    // The app's clock stands still, so the answer waited for the market however long it took.
    expect(marketPending).toBe(false);
    expect(tokens.map((t) => t.id)).toEqual([MINT_A, ...[MINT_B, MINT_NFT].sort()]);
    // When it was scanned is the database's clock: a time, whichever.
    expect(typeof tokens[0]?.lastScan).toBe('string');
    expect({ ...tokens[0], lastScan: 'scanned' }).toEqual({
      id: MINT_A,
      name: 'Token A',
      symbol: 'AAA',
      logoUrl: `https://img.example/${MINT_A}.png`,
      // 3 + 1 + 0 + 0 tokens; the archived whale and the other tenant's 5 are not the fleet's.
      balanceTotal: '4000000',
      valueTotal: 8,
      priceUsd: 2,
      fdvUsd: 1_000_000,
      liquidityUsd: 50_000,
      // Wallets holding a balance: the unscanned wallet's account and one of the master's are empty.
      walletCount: 2,
      accountCount: 4,
      emptyAccountCount: 2,
      lastScan: 'scanned',
      decimals: 6,
      type: 'spl',
    });
    const b = tokens.find((t) => t.id === MINT_B);
    expect(b).toMatchObject({ balanceTotal: '4000000', valueTotal: null, priceUsd: null });
    expect(b).toMatchObject({ fdvUsd: null, liquidityUsd: null, name: null, type: 'spl' });
    expect(counts).toEqual({ all: 3, spl: 2, nft: 1, cnft: 0, other: 0 });
  });

  it('classes a 0-decimal mint with no stored class as an NFT, and filters by class', async () => {
    const { tokens, counts } = await aggregated(operator, '?type=nft');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ id: MINT_NFT, decimals: 0, type: 'nft', walletCount: 1 });
    expect(tokens[0]).toMatchObject({ name: 'Art #1', balanceTotal: '1' });
    // Every button keeps its count whichever filter is chosen.
    expect(counts).toEqual({ all: 3, spl: 2, nft: 1, cnft: 0, other: 0 });
    expect((await aggregated(operator, '?type=cnft')).tokens).toEqual([]);
  });

  it('sorts by the column asked for', async () => {
    const byHolders = await aggregated(operator, '?sort=holders&order=asc');
    expect(byHolders.tokens.map((t) => t.walletCount)).toEqual([1, 1, 2]);
    const byName = await aggregated(operator, '?sort=name&order=asc');
    // Symbols AAA and ART; the unnamed mint last.
    expect(byName.tokens.map((t) => t.id)).toEqual([MINT_A, MINT_NFT, MINT_B]);
  });

  it("never shows another tenant's holdings, and theirs never shows ours", async () => {
    const ours = await aggregated(operator);
    expect(ours.tokens.map((t) => t.id)).not.toContain(MINT_THEIRS);
    const theirs = await aggregated(other);
    expect(theirs.tokens.map((t) => [t.id, t.balanceTotal, t.walletCount]).sort()).toEqual(
      [
        [MINT_A, '5000000', 1],
        [MINT_THEIRS, '1', 1],
      ].sort(),
    );
    expect(theirs.counts.all).toBe(2);
    expect((await holders(other, MINT_NFT)).holders).toEqual([]);
    const theirHolders = await holders(other, MINT_A);
    expect(theirHolders.holders.map((h) => h.amount_str)).toEqual(['5000000']);
  });

  it('follows a change to the stored accounts at once (the kept sums move with the version)', async () => {
    expect((await aggregated(operator)).tokens[0]?.balanceTotal).toBe('4000000');
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallet_token_accounts set amount = 2500000 where wallet_id = ${unscanned.id}`,
      ),
    );
    const after = await aggregated(operator);
    expect(after.tokens[0]).toMatchObject({
      balanceTotal: '6500000',
      emptyAccountCount: 1,
      walletCount: 3,
    });
    expect(after.tokens[0]?.valueTotal).toBe(13);
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallet_token_accounts set amount = 0 where wallet_id = ${unscanned.id}`,
      ),
    );
    expect((await aggregated(operator)).tokens[0]?.balanceTotal).toBe('4000000');
  });

  it("lists a token's holders, largest first, with spec 2 §3's fields and no key", async () => {
    const response = await get(operator, `/api/token/${MINT_A}/holders`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('"private_key"');
    const { mint, holders: list } = tokenHoldersResponseSchema.parse(response.json());
    expect(mint).toBe(MINT_A);
    expect(list.map((h) => h.address)).toEqual([rich.address, master.address, unscanned.address]);
    expect(list[0]).toEqual({
      id: rich.id,
      name: 'Rich',
      address: rich.address,
      amount_str: '3000000',
      decimals: 6,
      sol_balance: 2,
      lamports: '2000000000',
      is_master_wallet: false,
      is_trader: true,
      has_private_key: true,
      token_accounts: 1,
      groups: [
        { id: seedGroupId, type: 'seed', label: 'Vault One', name: 'Vault One' },
        { id: groupId, type: 'custom', label: null, name: 'Snipers' },
      ],
      tags: [{ name: 'Whales', slug: 'whales' }],
    });
    expect(list[1]).toMatchObject({
      amount_str: '1000000',
      token_accounts: 2,
      is_master_wallet: true,
      is_trader: false,
      sol_balance: 5,
      groups: [],
      tags: [],
    });
    expect(list[2]).toMatchObject({ amount_str: '0', sol_balance: null, lamports: null });
  });

  it('answers an empty list for a real mint the fleet does not hold', async () => {
    expect(await holders(operator, MINT_THEIRS)).toEqual({ mint: MINT_THEIRS, holders: [] });
    expect(await holders(operator, newTestKeypair().address)).toMatchObject({ holders: [] });
  });

  it('refuses a mint that is not an address, and a bad filter, with a 400 and the reason', async () => {
    for (const bad of ['not-a-mint', '1'.repeat(44), `${MINT_A.slice(0, -1)}0`]) {
      const response = await get(operator, `/api/token/${bad}/holders`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'REQUEST__INVALID_INPUT' });
      expect(response.json<{ error: string }>().error).toMatch(/^mint: An address/);
    }
    const filter = await get(operator, '/api/tokens/aggregated?type=fungible');
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toEqual({
      code: 'REQUEST__INVALID_INPUT',
      error: 'type: must be one of all, spl, nft, cnft, other',
    });
    const order = await get(operator, '/api/tokens/aggregated?order=up&sort=value');
    expect(order.statusCode).toBe(400);
    expect(order.json<{ error: string }>().error).toBe('order: must be one of asc, desc');
  });
});
