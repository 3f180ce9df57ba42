import { MAX_BURN_TOKEN_MINTS, burnTokensPlanSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL = 1_000_000_000n;

// Issue 19, "Bad input" and tenant isolation, for the burn plan and its execution. Prices come
// from a fake Jupiter that answers exactly what the test sets.
describe.each(testDatabaseKinds)('Planning a burn of dust on %s', (kind) => {
  let prices: FakeMarket;
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let wallets: { id: string; address: string }[] = [];
  let mints: { cheap: string; dear: string; nameless: string };

  const call = (
    who: Operator,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: who.cookie },
      ...(headers === undefined ? {} : { headers }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const planFor = (who: Operator, body: unknown) =>
    call(who, 'POST', '/api/solana/burn-tokens/plan', body);

  beforeAll(async () => {
    prices = await startFakeMarket();
    harness = await createTestApp(kind, { market: prices.market() });
    operator = await createOperator(harness.app, 'burns@example.com');
    other = await createOperator(harness.app, 'burns-other@example.com');
    const key = newTestKeypair();
    const set = await call(operator, 'PATCH', '/api/master-wallet', {
      private_key: key.privateKey,
    });
    expect(set.statusCode, set.body).toBe(200);
    await harness.localnet.admin.fund(key.address, SOL);
    const created = await call(operator, 'POST', '/api/create-wallet', { count: 2 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    const { admin } = harness.localnet;
    mints = {
      cheap: await admin.createMint({ decimals: 6 }),
      dear: await admin.createMint({ decimals: 6, program: 'token-2022' }),
      nameless: await admin.createMint({ decimals: 0 }),
    };
    // $0.001 and $1,000 a token; the nameless mint has no price.
    prices.jupiterPrices.set(mints.cheap, 0.001);
    prices.jupiterPrices.set(mints.dear, 1_000);
    const [a, b] = wallets;
    if (!a || !b) throw new Error('wallets');
    await admin.createTokenAccount({ owner: a.address, mint: mints.cheap, amount: 5_000_000n });
    await admin.createTokenAccount({ owner: a.address, mint: mints.dear, amount: 1n });
    await admin.createTokenAccount({ owner: b.address, mint: mints.nameless, amount: 42n });
    await admin.createTokenAccount({ owner: b.address, mint: mints.dear, amount: 9_000_000n });
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await prices.close();
  });

  it('plans every wallet’s dust at the market’s prices, unpriced mints only when named', async () => {
    const response = await planFor(operator, { threshold: { kind: 'usd', belowUsd: '0.01' } });
    expect(response.statusCode, response.body).toBe(200);
    const plan = burnTokensPlanSchema.parse(response.json());
    expect(plan.planId).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.threshold).toEqual({ kind: 'usd', belowUsd: '0.01' });
    expect(plan.rentDestination).toBe('master');
    expect(plan.totalWallets).toBe(2);
    // 5 cheap tokens ($0.005) and a millionth of a dear one ($0.001) are dust; $9,000 is not.
    expect(plan.burns.map((burn) => [burn.mint, burn.amount]).sort()).toEqual(
      [
        [mints.cheap, '5000000'],
        [mints.dear, '1'],
      ].sort(),
    );
    expect(plan.burnedValueUsd).toBeCloseTo(0.006, 12);
    expect(plan.skippedByReason).toMatchObject({ unpriced: 1, 'above threshold': 1 });
    expect(plan.skipped.map((skip) => skip.reason).sort()).toEqual(['above threshold', 'unpriced']);
    expect(plan.mints.find((mint) => mint.mint === mints.dear)).toMatchObject({
      program: 'token2022',
      priceUsd: 1_000,
      accounts: 1,
      wallets: 1,
    });
    expect(plan.unpricedMints).toEqual([]);
    expect(Date.parse(plan.expiresAt)).toBeGreaterThan(Date.parse(plan.createdAt));

    const named = burnTokensPlanSchema.parse(
      (
        await planFor(operator, {
          threshold: { kind: 'usd', belowUsd: '0.01' },
          unpricedMints: [mints.nameless],
          tokenMints: [mints.nameless],
        })
      ).json(),
    );
    expect(named.burns.map((burn) => burn.valueUsd)).toEqual(['unpriced']);
    expect(named.burnedValueUsd).toBe(0);
    const burnsOf = new Map(named.wallets.map((wallet) => [wallet.wallet, wallet.burnAccounts]));
    expect(burnsOf.get(wallets[0]?.address ?? '')).toBe(0);
    expect(burnsOf.get(wallets[1]?.address ?? '')).toBe(1);
  });

  it('finds nothing to burn for an unknown mint, an empty mint list or a threshold of 0', async () => {
    for (const body of [
      { threshold: { kind: 'usd', belowUsd: '1' }, tokenMints: [newTestKeypair().address] },
      { threshold: { kind: 'usd', belowUsd: '1' }, tokenMints: [] },
      { threshold: { kind: 'usd', belowUsd: '0' } },
      { threshold: { kind: 'raw', belowRaw: '0' } },
    ]) {
      const response = await planFor(operator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(
        'Nothing to burn - No token balances below the threshold found in scope.',
      );
    }
  });

  it('refuses thresholds that are negative, not numbers or missing, with a sentence', async () => {
    const refusals: [unknown, RegExp][] = [
      [{}, /threshold/i],
      [{ threshold: { kind: 'usd', belowUsd: '-1' } }, /non-negative number/],
      [{ threshold: { kind: 'usd', belowUsd: 'abc' } }, /non-negative number/],
      [{ threshold: { kind: 'usd', belowUsd: '1e3' } }, /non-negative number/],
      [{ threshold: { kind: 'usd', belowUsd: 5 } }, /threshold/i],
      [{ threshold: { kind: 'raw', belowRaw: '-5' } }, /whole number/],
      [{ threshold: { kind: 'raw', belowRaw: '1.5' } }, /whole number/],
      [{ threshold: { kind: 'raw', belowRaw: '18446744073709551616' } }, /threshold/i],
      [{ threshold: { kind: 'percent', below: '1' } }, /threshold/i],
      [{ threshold: { kind: 'usd', belowUsd: '1', belowRaw: '2' } }, /threshold/i],
      [{ threshold: { kind: 'usd', belowUsd: '1' }, rentDestination: 'elsewhere' }, /rent/i],
      [{ threshold: { kind: 'usd', belowUsd: '1' }, surprise: true }, /surprise/],
    ];
    for (const [body, message] of refusals) {
      const response = await planFor(operator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error, JSON.stringify(body)).toMatch(message);
    }
  });

  it('refuses mint lists of 10,001 and addresses that are not addresses', async () => {
    const tooMany = Array.from({ length: MAX_BURN_TOKEN_MINTS + 1 }, () => mints.cheap);
    for (const field of ['tokenMints', 'unpricedMints']) {
      const response = await planFor(operator, {
        threshold: { kind: 'usd', belowUsd: '1' },
        [field]: tooMany,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/At most 10000 token mints/);
    }
    const notAnAddress = '0OIl'.repeat(10);
    for (const field of ['tokenMints', 'unpricedMints', 'walletAddresses']) {
      const response = await planFor(operator, {
        threshold: { kind: 'usd', belowUsd: '1' },
        [field]: [notAnAddress],
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ code: string }>().code, field).toBe('ADDRESS__INVALID');
    }
  });

  it('keeps each tenant to its own wallets, plans and jobs', async () => {
    // Another tenant's wallet is not found, and a tenant without wallets or master has nothing.
    const theirs = await planFor(other, {
      walletAddresses: [wallets[0]?.address],
      threshold: { kind: 'usd', belowUsd: '1' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ code: string }>().code).toBe('WALLET__SOME_NOT_FOUND');
    const none = await planFor(other, { threshold: { kind: 'usd', belowUsd: '1' } });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: string }>().error).toBe('No Wallets Selected');

    // Another tenant cannot execute this tenant's plan, nor follow its events.
    const plan = burnTokensPlanSchema.parse(
      (await planFor(operator, { threshold: { kind: 'usd', belowUsd: '0.01' } })).json(),
    );
    const stolen = await call(other, 'POST', '/api/solana/burn-tokens', { planId: plan.planId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json<{ code: string }>().code).toBe('PLAN__NOT_FOUND');
    const events = await call(
      other,
      'GET',
      `/api/solana/burn-tokens/${crypto.randomUUID()}/events`,
    );
    expect(events.body).toContain('event: error');
    expect(events.body).toContain('Job not found');
  });

  it('refuses a plan id that is not one, a cross-site request and a visitor without a session', async () => {
    const bad = await call(operator, 'POST', '/api/solana/burn-tokens', { planId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/Invalid plan id/);
    const unknown = await call(operator, 'POST', '/api/solana/burn-tokens', {
      planId: 'f'.repeat(64),
    });
    expect(unknown.statusCode).toBe(404);
    const badJob = await call(operator, 'GET', '/api/solana/burn-tokens/not-a-job/events');
    expect(badJob.statusCode).toBe(400);
    const crossSite = await call(
      operator,
      'POST',
      '/api/solana/burn-tokens/plan',
      { threshold: { kind: 'usd', belowUsd: '1' } },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/solana/burn-tokens/plan',
      payload: { threshold: { kind: 'usd', belowUsd: '1' } },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a tenant without a master wallet', async () => {
    const created = await call(other, 'POST', '/api/create-wallet', { count: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const response = await planFor(other, { threshold: { kind: 'usd', belowUsd: '1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('SOL_PLAN__MASTER_NOT_READY');
  });
});
