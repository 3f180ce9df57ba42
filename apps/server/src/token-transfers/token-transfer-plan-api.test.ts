import {
  U64_MAX,
  MAX_TOKEN_TRANSFER_MINTS,
  distributeSplTokensPlanSchema,
  withdrawSplTokensPlanSchema,
  type Lamports,
  type WithdrawSplTokensPlan,
} from '@fleet/core';
import { schema, withTenant, type TenantDatabase } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumePlan, createOperation, loadOperation, savePlan } from '../ledger/ledger-repository';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { createTokenFixtures } from '../testing/token-fixtures';

const SOL = 1_000_000_000n;
const T0 = new Date('2026-12-01T12:00:00.000Z');

// Planning SPL withdrawals and distributions through the HTTP routes (issue 19): what the plan
// reads from the chain, what it skips and why, and bad input refused with a 4xx and nothing
// stored. The sends are the job tests' (token-transfer-localnet.test.ts).
describe.each(testDatabaseKinds)('Planning SPL token transfers on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let master: string;
  let wallets: { id: string; address: string }[] = [];
  let mints: { usdc: string; t22: string; taxed: string; locked: string };

  const call = (who: Operator, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: who.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const storedPlans = async () =>
    (
      await harness.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from operation_plans`,
      )
    ).rows[0]?.count ?? 0;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'spl@example.com');
    other = await createOperator(harness.app, 'spl-other@example.com');
    const key = newTestKeypair();
    master = key.address;
    const set = await harness.app.inject({
      method: 'PATCH',
      url: '/api/master-wallet',
      cookies: { fleet_session: operator.cookie },
      payload: { private_key: key.privateKey },
    });
    expect(set.statusCode, set.body).toBe(200);
    await harness.localnet.admin.fund(master, SOL);
    const created = await call(operator, 'POST', '/api/create-wallet', { count: 4 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    const fixtures = createTokenFixtures(harness.localnet);
    mints = {
      usdc: await fixtures.createMint({ decimals: 6 }),
      t22: await fixtures.createMint({ decimals: 9, program: 'token-2022' }),
      taxed: await fixtures.createMint({
        decimals: 6,
        program: 'token-2022',
        extensions: { transferFee: { basisPoints: 100, maximumFee: 1_000_000n } },
      }),
      locked: await fixtures.createMint({
        decimals: 0,
        program: 'token-2022',
        extensions: { nonTransferable: true },
      }),
    };
    const [a, b, c] = wallets;
    if (!a || !b || !c) throw new Error('wallets');
    await fixtures.createTokenAccount({ owner: a.address, mint: mints.usdc, amount: 1_000_000n });
    await fixtures.createTokenAccount({ owner: a.address, mint: mints.t22, amount: 5n });
    await fixtures.createTokenAccount({
      owner: b.address,
      mint: mints.usdc,
      amount: 7n,
      frozen: true,
    });
    await fixtures.createTokenAccount({ owner: b.address, mint: mints.taxed, amount: 10_000n });
    await fixtures.createTokenAccount({ owner: c.address, mint: mints.locked, amount: 3n });
    await fixtures.createTokenAccount({ owner: c.address, mint: mints.usdc, amount: 0n });
    // The master already holds an account for USDC; the others it would create.
    await fixtures.createTokenAccount({ owner: master, mint: mints.usdc, amount: 50n });
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  let plan: WithdrawSplTokensPlan;

  it('plans every balance to the master, skipping what may not move, with the rent it creates', async () => {
    const response = await call(operator, 'POST', '/api/withdraw-spl-tokens/plan', {
      closeEmptied: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    plan = withdrawSplTokensPlanSchema.parse(response.json());
    expect(plan.ready).toBe(true);
    expect(plan.totalWallets).toBe(4);
    expect(plan.walletsWithTokens).toBe(2);
    expect(plan.accounts).toBe(3);
    expect(plan.closes).toBe(3);
    expect(plan.skipped.map((skip) => skip.reason).sort()).toEqual([
      'empty',
      'frozen',
      'non-transferable',
    ]);
    const byMint = new Map(plan.mints.map((mint) => [mint.mint, mint]));
    expect(byMint.get(mints.usdc)).toMatchObject({
      masterAccountExists: true,
      masterBeforeRaw: '50',
      masterAfterRaw: '1000050',
    });
    expect(byMint.get(mints.t22)).toMatchObject({ masterAccountExists: false });
    // The transfer-fee mint: 1 % withheld, what the master receives shown, the account it
    // creates carrying the fee amount (182 bytes).
    expect(byMint.get(mints.taxed)).toMatchObject({
      amountRaw: '10000',
      receivedRaw: '9900',
      transferFeeRaw: '100',
      transferFee: { basisPoints: 100, maximumFeeRaw: '1000000' },
    });
    expect(plan.accountRentLamports).toBe(String(2_074_080n + 2_157_600n));
    expect(plan.problems.map((p) => [p.code, p.blocking])).toEqual([
      ['TOKEN_TRANSFER__TRANSFER_FEE', false],
    ]);
    // One signature per owner, the master paying: one transaction for both owners here.
    expect(plan.transactions).toHaveLength(1);
    expect(plan.transactions[0]).toMatchObject({
      signatures: 3,
      transfers: 3,
      closes: 3,
      creates: 2,
    });
    expect(plan.transactions[0]?.sizeBytes).toBeLessThanOrEqual(1232);
    expect(BigInt(plan.netLamports)).toBe(
      BigInt(plan.reclaimedRentLamports) -
        BigInt(plan.feeLamports) -
        BigInt(plan.accountRentLamports),
    );
  });

  it('plans one mint of some wallets, and refuses unknown mints, long lists and others’ wallets', async () => {
    const [a] = wallets;
    const one = await call(operator, 'POST', '/api/withdraw-spl-tokens/plan', {
      publicAddresses: [a?.address],
      tokenMints: [mints.usdc],
    });
    expect(one.statusCode, one.body).toBe(200);
    const view = withdrawSplTokensPlanSchema.parse(one.json());
    expect(view.mints.map((mint) => mint.mint)).toEqual([mints.usdc]);
    expect(view.closes).toBe(0);

    const before = await storedPlans();
    const refusals = await Promise.all([
      call(operator, 'POST', '/api/withdraw-spl-tokens/plan', {
        tokenMints: [newTestKeypair().address],
      }),
      call(operator, 'POST', '/api/withdraw-spl-tokens/plan', {
        tokenMints: Array.from({ length: MAX_TOKEN_TRANSFER_MINTS + 1 }, () => mints.usdc),
      }),
      call(other, 'POST', '/api/withdraw-spl-tokens/plan', { publicAddresses: [a?.address] }),
      call(operator, 'POST', '/api/withdraw-spl-tokens/plan', {
        publicAddresses: [wallets[3]?.address],
      }),
      call(other, 'POST', '/api/withdraw-spl-tokens/plan', {}),
      call(operator, 'POST', '/api/withdraw-spl-tokens/plan', { closeEmptied: 'yes' }),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.json<{ code: string }>().code])).toEqual([
      [400, 'TOKEN_TRANSFER__UNKNOWN_MINT'],
      [400, 'REQUEST__INVALID_INPUT'],
      [404, 'WALLET__SOME_NOT_FOUND'],
      [400, 'TOKEN_TRANSFER__NOTHING_TO_WITHDRAW'],
      [400, 'TOKEN_TRANSFER__NO_WALLETS_SELECTED'],
      [400, 'REQUEST__INVALID_INPUT'],
    ]);
    expect(refusals[1]?.json<{ error: string }>().error).toContain('At most 10000 token mints');
    expect(await storedPlans()).toBe(before);
  });

  it('plans an equal distribution, creating the recipients’ accounts, paid by the master', async () => {
    const fixtures = createTokenFixtures(harness.localnet);
    const gift = await fixtures.createMint({ decimals: 6 });
    await fixtures.createTokenAccount({ owner: master, mint: gift, amount: 100_000_000n });
    await fixtures.createTokenAccount({ owner: wallets[0]?.address ?? '', mint: gift, amount: 1n });
    const response = await call(operator, 'POST', '/api/distribute-spl-tokens/plan', {
      mint: gift,
      amountEach: '2.5',
      recipients: wallets.map((wallet) => ({ walletId: wallet.id })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = distributeSplTokensPlanSchema.parse(response.json());
    expect(view.ready).toBe(true);
    expect(view.recipients.map((r) => [r.amountRaw, r.createsAccount, r.rentLamports])).toEqual([
      ['2500000', false, '0'],
      ['2500000', true, '2039280'],
      ['2500000', true, '2039280'],
      ['2500000', true, '2039280'],
    ]);
    expect(view.accountsToCreate).toBe(3);
    expect(view.rentLamports).toBe(String(3n * 2_039_280n));
    expect(view.masterTokenAfterRaw).toBe('90000000');
    expect(view.transactions).toHaveLength(1);
    expect(view.transactions[0]?.signatures).toBe(1);
    expect(BigInt(view.totalLamports)).toBe(BigInt(view.feeLamports) + BigInt(view.rentLamports));

    // Per-wallet amounts in raw units; a 0 skips the recipient.
    const perWallet = distributeSplTokensPlanSchema.parse(
      (
        await call(operator, 'POST', '/api/distribute-spl-tokens/plan', {
          mint: gift,
          unit: 'raw',
          recipients: [
            { address: wallets[1]?.address, amount: '7' },
            { address: wallets[2]?.address, amount: '0' },
          ],
        })
      ).json(),
    );
    expect(perWallet.recipients.map((r) => r.amountRaw)).toEqual(['7']);
    expect(perWallet.skipped.map((s) => s.reason)).toEqual(['zero amount']);

    // More than the master holds: a plan that says so and cannot run.
    const short = distributeSplTokensPlanSchema.parse(
      (
        await call(operator, 'POST', '/api/distribute-spl-tokens/plan', {
          mint: gift,
          amountEach: '60',
          recipients: wallets.slice(0, 2).map((wallet) => ({ address: wallet.address })),
        })
      ).json(),
    );
    expect(short.ready).toBe(false);
    expect(short.problems.map((p) => p.code)).toEqual(['TOKEN_TRANSFER__MASTER_TOKENS_SHORT']);
    const run = await call(operator, 'POST', '/api/distribute-spl-tokens', {
      planId: short.planId,
    });
    expect(run.statusCode).toBe(409);
    expect(run.json<{ code: string }>().code).toBe('SOL_PLAN__NOT_READY');
  });

  it('refuses bad amounts, zero recipients, unknown and locked mints, with nothing stored', async () => {
    const recipients = [{ address: wallets[1]?.address }];
    const before = await storedPlans();
    const bodies = [
      { mint: mints.usdc, amountEach: '-1', recipients },
      { mint: mints.usdc, amountEach: 'ten', recipients },
      { mint: mints.usdc, amountEach: '1', recipients: [] },
      { mint: mints.usdc, amountEach: '0.0000001', recipients },
      { mint: newTestKeypair().address, amountEach: '1', recipients },
      { mint: mints.locked, amountEach: '1', recipients },
      { mint: mints.usdc, amountEach: '1', recipients: [...recipients, ...recipients] },
      { mint: mints.usdc, amountEach: '1', recipients: [{ walletId: crypto.randomUUID() }] },
    ];
    const answers = await Promise.all(
      bodies.map((body) => call(operator, 'POST', '/api/distribute-spl-tokens/plan', body)),
    );
    expect(answers.map((a) => [a.statusCode, a.json<{ code: string }>().code])).toEqual([
      [400, 'REQUEST__INVALID_INPUT'],
      [400, 'REQUEST__INVALID_INPUT'],
      [400, 'REQUEST__INVALID_INPUT'],
      [400, 'TOKEN_TRANSFER__INVALID_AMOUNT'],
      [400, 'TOKEN_TRANSFER__UNKNOWN_MINT'],
      [400, 'TOKEN_TRANSFER__MINT_NOT_TRANSFERABLE'],
      [400, 'SOL_PLAN__DUPLICATE_RECIPIENT'],
      [404, 'WALLET__SOME_NOT_FOUND'],
    ]);
    expect(answers[3]?.json<{ error: string }>().error).toBe(
      '0.0000001: This token has 6 decimals: the amount has more',
    );
    expect(await storedPlans()).toBe(before);
    // The other tenant has no master: 'Master wallet not ready' (spec 2 §5).
    const none = await call(
      other,
      'POST',
      '/api/distribute-spl-tokens/plan',
      bodies[0] && {
        ...bodies[0],
        amountEach: '1',
      },
    );
    expect(none.json<{ error: string }>().error).toBe('Master wallet not ready');
  });

  // Migration 0027, on the same database: a token transfer item carries its raw amount (a u64,
  // beyond bigint) and may move 0 lamports; no other leg carries a token amount.
  describe('token transfer items in the ledger', () => {
    let tenantId: string;
    beforeAll(async () => {
      const [row] = await harness.database.db
        .insert(schema.tenants)
        .values({})
        .returning({ id: schema.tenants.id });
      tenantId = row?.id ?? '';
    });

    const inTenant = <T>(work: (tx: TenantDatabase) => Promise<T>) =>
      withTenant(harness.database.db, tenantId, work);

    async function operationWith(items: Parameters<typeof createOperation>[1]['items']) {
      return inTenant(async (tx) => {
        const planId = await savePlan(tx, tenantId, {
          kind: 'token.withdraw',
          plan: { nonce: newTestKeypair().address },
          createdBy: null,
          now: T0,
        });
        await consumePlan(tx, planId, T0);
        return createOperation(tx, {
          tenantId,
          kind: 'token.withdraw',
          createdBy: null,
          planId,
          parameters: {},
          items,
          now: T0,
        });
      });
    }

    it('stores a raw amount up to 2^64 − 1 with 0 lamports, and reads it back with its mint', async () => {
      const mint = newTestKeypair().address;
      const created = await operationWith([
        {
          leg: 'tokenTransfer',
          walletId: null,
          from: newTestKeypair().address,
          to: newTestKeypair().address,
          lamports: 0n as Lamports,
          mint,
          program: 'token2022',
          tokenAmount: U64_MAX,
        },
        {
          leg: 'tokenTransfer',
          walletId: null,
          from: newTestKeypair().address,
          to: newTestKeypair().address,
          lamports: 2_039_280n as Lamports,
          mint,
          program: 'token',
          tokenAmount: 1n,
        },
      ]);
      const loaded = await inTenant((tx) => loadOperation(tx, created.id));
      const legs = loaded?.items.map((item) => [item.amount, loaded.tokenLegs.get(item.id)]);
      expect(legs).toEqual([
        [0n, { mint, program: 'token2022', tokenAmount: U64_MAX }],
        [2_039_280n, { mint, program: 'token', tokenAmount: 1n }],
      ]);
    });

    it('refuses a token transfer without an amount, a zero amount, and a SOL leg with one', async () => {
      const base = {
        walletId: null,
        from: newTestKeypair().address,
        to: newTestKeypair().address,
        mint: newTestKeypair().address,
        program: 'token' as const,
      };
      await expect(
        operationWith([{ ...base, leg: 'tokenTransfer', lamports: 0n as Lamports }]),
      ).rejects.toThrow();
      await expect(
        operationWith([
          { ...base, leg: 'tokenTransfer', lamports: 0n as Lamports, tokenAmount: 0n },
        ]),
      ).rejects.toThrow();
      await expect(
        operationWith([
          {
            ...base,
            leg: 'direct',
            mint: null,
            program: null,
            lamports: 5n as Lamports,
            tokenAmount: 5n,
          },
        ]),
      ).rejects.toThrow();
      // A SOL leg still moves lamports.
      await expect(
        operationWith([
          { ...base, leg: 'direct', mint: null, program: null, lamports: 0n as Lamports },
        ]),
      ).rejects.toThrow();
      const rows = await harness.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from operation_items where token_amount = 0`,
      );
      expect(rows.rows[0]?.count).toBe(0);
    });
  });
});
