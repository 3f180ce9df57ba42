import { createEndpointPool, type EndpointPool } from '@fleet/chain';
import {
  MAX_CLOSE_TOKEN_MINTS,
  closeComputeUnitLimit,
  closeForecastSchema,
  closeTokensPlanSchema,
  transactionFee,
} from '@fleet/core';
import { withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { readTokenAccounts } from './chain-token-accounts';

const SOL = 1_000_000_000n;

describe.each(testDatabaseKinds)('Planning a close of empty token accounts on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let pool: EndpointPool;
  let master: string;
  let wallets: { id: string; address: string }[] = [];
  let mints: { token: string; token2022: string; third: string };

  const call = (who: Operator, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: who.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Freezes a token account in place (byte 108 of the layout is its state). */
  const freeze = async (tokenAccount: string): Promise<void> => {
    const { value } = await pool.rpc
      .getAccountInfo(address(tokenAccount), { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (value === null) throw new Error('no account to freeze');
    const data = Buffer.from(value.data[0], 'base64');
    data[108] = 2;
    harness.localnet.admin.setAccount(tokenAccount, {
      lamports: value.lamports,
      data: new Uint8Array(data),
      owner: value.owner,
    });
  };

  beforeAll(async () => {
    harness = await createTestApp(kind);
    pool = createEndpointPool({ endpoints: [harness.localnet.url] });
    operator = await createOperator(harness.app, 'closes@example.com');
    other = await createOperator(harness.app, 'closes-other@example.com');
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
    const created = await call(operator, 'POST', '/api/create-wallet', { count: 3 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    const { admin } = harness.localnet;
    mints = {
      token: await admin.createMint({ decimals: 6 }),
      token2022: await admin.createMint({ decimals: 6, program: 'token-2022' }),
      third: await admin.createMint({ decimals: 0, freezeAuthority: admin.faucetAddress }),
    };
    const [a, b] = wallets;
    if (!a || !b) throw new Error('wallets');
    // a: two empty Token accounts, one empty Token-2022 account, one with a balance
    await admin.createTokenAccount({ owner: a.address, mint: mints.token });
    await admin.createTokenAccount({
      owner: a.address,
      mint: mints.token,
      address: newTestKeypair().address,
    });
    await admin.createTokenAccount({ owner: a.address, mint: mints.token2022 });
    await admin.createTokenAccount({ owner: a.address, mint: mints.third, amount: 5n });
    // b: one frozen empty account, one empty Token account
    await freeze(await admin.createTokenAccount({ owner: b.address, mint: mints.third }));
    await admin.createTokenAccount({ owner: b.address, mint: mints.token });
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('reads both programs from the chain and classifies every account', async () => {
    const [a, b] = wallets;
    const accounts = await readTokenAccounts(pool, [a?.address ?? '', b?.address ?? '']);
    expect(accounts).toHaveLength(6);
    expect(accounts.filter((x) => x.program === 'token2022')).toHaveLength(1);
    expect(accounts.filter((x) => x.frozen)).toHaveLength(1);
    expect(accounts.filter((x) => x.amount > 0n)).toHaveLength(1);
  });

  it('plans every closable account of the fleet, one shared transaction the master pays for', async () => {
    const response = await call(operator, 'POST', '/api/solana/close-tokens/plan', {});
    expect(response.statusCode, response.body).toBe(200);
    const plan = closeTokensPlanSchema.parse(response.json());
    expect(plan.planId).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.master).toBe(master);
    expect(plan.totalWallets).toBe(3);
    expect(plan.closableAccounts).toBe(4);
    expect(plan.skippedAccounts).toBe(2);
    expect(plan.forecast.blockers).toEqual({
      'has balance': 1,
      frozen: 1,
      'withheld transfer fees': 0,
    });
    expect(plan.transactions).toHaveLength(1);
    expect(plan.transactions[0]?.signatures).toBe(3);
    expect(BigInt(plan.netLamports)).toBe(BigInt(plan.rentLamports) - BigInt(plan.feeLamports));
    expect(BigInt(plan.rentLamports)).toBeGreaterThanOrEqual(4n * 2_039_280n);
    const byWallet = new Map(plan.forecast.wallets.map((w) => [w.wallet, w]));
    expect(byWallet.get(wallets[0]?.address ?? '')?.closableAccounts).toBe(3);
    expect(byWallet.get(wallets[1]?.address ?? '')?.blockers.frozen).toBe(1);
    expect(byWallet.get(wallets[2]?.address ?? '')?.closableAccounts).toBe(0);
    expect(plan.skipped.map((s) => s.reason).sort()).toEqual(['frozen', 'has balance']);
  });

  it('keeps to the mints asked; an unknown mint or an empty list finds nothing to close', async () => {
    const only = await call(operator, 'POST', '/api/solana/close-tokens/plan', {
      tokenMints: [mints.token2022],
      rentDestination: 'owner',
    });
    expect(only.statusCode, only.body).toBe(200);
    const plan = closeTokensPlanSchema.parse(only.json());
    expect(plan.closableAccounts).toBe(1);
    expect(plan.rentDestination).toBe('owner');
    for (const tokenMints of [[newTestKeypair().address], []]) {
      const none = await call(operator, 'POST', '/api/solana/close-tokens/plan', { tokenMints });
      expect(none.statusCode).toBe(400);
      expect(none.json<{ error: string }>().error).toBe(
        'Nothing to close - No zero-balance token accounts found in scope.',
      );
    }
  });

  it('refuses a mint list of 10,001, another tenant’s wallet and a tenant without wallets', async () => {
    const tooMany = await call(operator, 'POST', '/api/solana/close-tokens/plan', {
      tokenMints: Array.from({ length: MAX_CLOSE_TOKEN_MINTS + 1 }, () => mints.token),
    });
    expect(tooMany.statusCode).toBe(400);
    const theirs = await call(other, 'POST', '/api/solana/close-tokens/plan', {
      walletAddresses: [wallets[0]?.address],
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ code: string }>().code).toBe('WALLET__SOME_NOT_FOUND');
    const empty = await call(other, 'POST', '/api/solana/close-tokens/plan', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toBe('No Wallets Selected');
  });

  it('forecasts the fleet from the stored empty accounts', async () => {
    const [a] = wallets;
    if (!a) throw new Error('wallets');
    await withTenant(harness.database.db, operator.tenantId, async (tx) => {
      await tx.execute(
        `insert into wallet_token_accounts (tenant_id, token_account, wallet_id, mint, program, amount, decimals)
         values ('${operator.tenantId}', '${newTestKeypair().address}', '${a.id}', '${mints.token}', 'token', 0, 6),
                ('${operator.tenantId}', '${newTestKeypair().address}', '${a.id}', '${mints.token2022}', 'token-2022', 0, 6),
                ('${operator.tenantId}', '${newTestKeypair().address}', '${a.id}', '${mints.third}', 'token', 5, 0)`,
      );
    });
    const response = await call(operator, 'GET', '/api/solana/close-tokens/forecast');
    expect(response.statusCode, response.body).toBe(200);
    const forecast = closeForecastSchema.parse(response.json());
    expect(forecast.closableAccounts).toBe(2);
    expect(forecast.rentLamports).toBe((2_039_280n + 2_074_080n).toString());
    expect(forecast.transactions).toBe(1);
    const theirs = closeForecastSchema.parse(
      (await call(other, 'GET', '/api/solana/close-tokens/forecast')).json(),
    );
    expect(theirs.closableAccounts).toBe(0);
  });

  it('forecasts with the rent the scan stored and names frozen accounts and withheld fees', async () => {
    const [, b] = wallets;
    if (!b) throw new Error('wallets');
    await withTenant(harness.database.db, operator.tenantId, async (tx) => {
      await tx.execute(
        `insert into wallet_token_accounts
           (tenant_id, token_account, wallet_id, mint, program, amount, decimals, lamports, frozen, withheld_amount)
         values ('${operator.tenantId}', '${newTestKeypair().address}', '${b.id}', '${mints.token2022}', 'token-2022', 0, 6, 2157600, false, 0),
                ('${operator.tenantId}', '${newTestKeypair().address}', '${b.id}', '${mints.token}', 'token', 0, 6, 2039280, true, 0),
                ('${operator.tenantId}', '${newTestKeypair().address}', '${b.id}', '${mints.token2022}', 'token-2022', 0, 6, 2157600, false, 17)`,
      );
    });
    const forecast = closeForecastSchema.parse(
      (await call(operator, 'GET', '/api/solana/close-tokens/forecast')).json(),
    );
    const wallet = forecast.wallets.find((entry) => entry.wallet === b.address);
    expect(wallet).toMatchObject({
      closableAccounts: 1,
      rentLamports: '2157600',
      blockers: { frozen: 1, 'withheld transfer fees': 1 },
    });
    expect(forecast.blockers).toMatchObject({ frozen: 1, 'withheld transfer fees': 1 });
  });

  it('forecasts a wallet the master cannot fit whole paying its own once its stored SOL allows', async () => {
    const [, , c] = wallets;
    if (!c) throw new Error('wallets');
    const rows = Array.from(
      { length: 25 },
      () =>
        `('${operator.tenantId}', '${newTestKeypair().address}', '${c.id}', '${mints.token}', 'token', 0, 6)`,
    );
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(
        `insert into wallet_token_accounts (tenant_id, token_account, wallet_id, mint, program, amount, decimals)
         values ${rows.join(', ')}`,
      ),
    );
    const forecastNow = async () =>
      closeForecastSchema.parse(
        (await call(operator, 'GET', '/api/solana/close-tokens/forecast')).json(),
      );
    const unscanned = await forecastNow();
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(`update wallets set lamports = 10000000 where id = '${c.id}'`),
    );
    const funded = await forecastNow();
    // Its last 2 accounts no longer ride in the others' shared transaction: still as many.
    expect(funded.transactions).toBe(unscanned.transactions);
    const feeOf = (forecast: typeof funded) =>
      BigInt(forecast.wallets.find((entry) => entry.wallet === c.address)?.feeLamports ?? 0);
    const ownFee = transactionFee({
      signatures: 1,
      computeUnitLimit: BigInt(closeComputeUnitLimit(rows.map(() => ({ program: 'token' })))),
      microLamportsPerComputeUnit: 5000n,
    });
    expect(feeOf(funded)).toBe(ownFee);
    // With the master paying it signed twice and shared a second signature's worth of fee.
    expect(feeOf(unscanned)).toBeGreaterThan(ownFee + 5_000n);
    expect(BigInt(funded.feeLamports)).toBeLessThan(BigInt(unscanned.feeLamports));
  });
});
