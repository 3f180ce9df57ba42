import { createEndpointPool, type EndpointPool } from '@fleet/chain';
import {
  burnTokensEventSchema,
  burnTokensPlanSchema,
  burnTokensResultSchema,
  closeHistoryPageSchema,
  jobViewSchema,
  type BurnTokensPlan,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { createLocalnet, type Localnet, type SandboxToken } from '@fleet/localnet';
import { createMarket, type Market } from '@fleet/market';
import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { marketSettingsFor } from '../market/market-config';
import { marketFetch } from '../market/market-fetch';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL = 1_000_000_000n;

/** The events of a server-sent event stream, in order. */
function eventsOf(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** A market price fixed to nine decimals (its text, not its float), so the amounts stay bigint. */
const PRICE_DECIMALS = 9;
const priceDigits = (priceUsd: number): bigint =>
  BigInt(priceUsd.toFixed(PRICE_DECIMALS).replace('.', ''));

/** Raw units of a token worth about `cents` at `priceUsd` a whole token. */
const worth = (cents: bigint, priceUsd: number, decimals: number): bigint =>
  (cents * 10n ** BigInt(PRICE_DECIMALS + decimals)) / (100n * priceDigits(priceUsd));

// Issue 19, "Burn dust", on a chain whose tokens the sandbox market prices: the server's market is
// built as `npm start` builds it, every provider at the sandbox's prefix.
describe.each(testDatabaseKinds)('Burning dust on the localnet on %s', (kind) => {
  let chain: Localnet;
  let market: Market;
  let harness: TestApp;
  let operator: Operator;
  let pool: EndpointPool;
  let master: string;
  let wallets: string[] = [];
  let pebble: SandboxToken;
  let quartz: SandboxToken;
  let unpriced: string;
  const accounts: Record<string, string> = {};

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    accept?: string,
  ) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: operator.cookie },
      ...(accept === undefined ? {} : { headers: { accept } }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balance = async (owner: string) =>
    (await pool.rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value;
  const exists = async (account: string) =>
    (
      await pool.rpc
        .getAccountInfo(address(account), { encoding: 'base64', commitment: 'confirmed' })
        .send()
    ).value !== null;
  const supplyOf = async (mint: string) =>
    BigInt(
      (await pool.rpc.getTokenSupply(address(mint), { commitment: 'confirmed' }).send()).value
        .amount,
    );

  /** Freezes a token account in place (byte 108 of the layout is its state). */
  const freeze = async (tokenAccount: string): Promise<void> => {
    const { value } = await pool.rpc
      .getAccountInfo(address(tokenAccount), { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (value === null) throw new Error('no account to freeze');
    const data = Buffer.from(value.data[0], 'base64');
    data[108] = 2;
    chain.admin.setAccount(tokenAccount, {
      lamports: value.lamports,
      data: new Uint8Array(data),
      owner: value.owner,
    });
  };

  beforeAll(async () => {
    chain = await createLocalnet({ market: { seed: 'burns', activity: { autoStart: false } } });
    market = createMarket({
      fetch: marketFetch,
      ...marketSettingsFor(loadEnv({}).market, chain.market?.url),
    });
    harness = await createTestApp(kind, { market, withJobs: true, localnet: chain });
    pool = createEndpointPool({ endpoints: [chain.url] });
    operator = await createOperator(harness.app, 'burner@example.com');
    const key = newTestKeypair();
    master = key.address;
    const set = await call('PATCH', '/api/master-wallet', { private_key: key.privateKey });
    expect(set.statusCode, set.body).toBe(200);
    await chain.admin.fund(master, SOL);
    const created = await call('POST', '/api/create-wallet', { count: 6 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created
      .json<{ wallets: { address: string }[] }>()
      .wallets.map((wallet) => wallet.address);

    const tokens = chain.market?.view.tokens() ?? [];
    const bySymbol = (symbol: string) => {
      const found = tokens.find((token) => token.symbol === symbol);
      if (!found) throw new Error(`the sandbox has no ${symbol}`);
      return found;
    };
    pebble = bySymbol('PBL');
    quartz = bySymbol('QRTZ');
    expect(quartz.program).toBe('token-2022');
    const prices = await market.tokenPrices([pebble.mint, quartz.mint]);
    const priceOf = (mint: string) => {
      const price = prices.get(mint);
      if (price?.status !== 'known') throw new Error(`the sandbox does not price ${mint}`);
      return price.value;
    };
    const { admin } = chain;
    unpriced = await admin.createMint({ decimals: 6 });
    const [w0, w1, w2, w3, , w5] = wallets as [string, string, string, string, string, string];
    const open = async (name: string, owner: string, mint: string, amount: bigint) => {
      accounts[name] = await admin.createTokenAccount({
        owner,
        mint,
        amount,
        address: newTestKeypair().address,
      });
    };
    // Below $1: a cent of Pebble (Token) and five cents of Quartz (Token-2022).
    await open('pebbleDust', w0, pebble.mint, worth(1n, priceOf(pebble.mint), pebble.decimals));
    await open('empty', w0, pebble.mint, 0n);
    await open(
      'pebbleRich',
      w1,
      pebble.mint,
      worth(10_000n, priceOf(pebble.mint), pebble.decimals),
    );
    await open('quartzDust', w1, quartz.mint, worth(5n, priceOf(quartz.mint), quartz.decimals));
    await open('unpriced', w2, unpriced, 5n);
    await open('frozen', w3, pebble.mint, worth(1n, priceOf(pebble.mint), pebble.decimals));
    await freeze(accounts['frozen'] ?? '');
    // For the raw threshold: 3 and 10 raw units of Pebble.
    await open('pebbleThree', w5, pebble.mint, 3n);
    await open('pebbleTen', w5, pebble.mint, 10n);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    market.close();
    await chain.close();
  });

  let plan: BurnTokensPlan;

  it('plans the priced balances below $1 at the sandbox’s prices, naming why the others stay', async () => {
    const response = await call('POST', '/api/solana/burn-tokens/plan', {
      walletAddresses: wallets.slice(0, 5),
      threshold: { kind: 'usd', belowUsd: '1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    plan = burnTokensPlanSchema.parse(response.json());
    expect(plan.master).toBe(master);
    expect(plan.totalWallets).toBe(5);
    expect(plan.burns.map((burn) => burn.tokenAccount).sort()).toEqual(
      [accounts['pebbleDust'], accounts['quartzDust']].sort(),
    );
    expect(plan.burns.find((burn) => burn.mint === quartz.mint)?.program).toBe('token2022');
    expect(plan.skippedByReason).toEqual({
      'above threshold': 1,
      unpriced: 1,
      frozen: 1,
      'withheld transfer fees': 0,
      'wrapped SOL': 0,
      empty: 1,
    });
    const pebbleMint = plan.mints.find((mint) => mint.mint === pebble.mint);
    expect(pebbleMint?.priceUsd).toBeGreaterThan(0);
    expect(plan.burnedValueUsd).toBeGreaterThan(0.05);
    expect(plan.burnedValueUsd).toBeLessThan(0.07);
    // Both owners share one transaction the master pays for: three signatures.
    expect(plan.transactions).toHaveLength(1);
    expect(plan.transactions[0]?.signatures).toBe(3);
    expect(BigInt(plan.netLamports)).toBe(BigInt(plan.rentLamports) - BigInt(plan.feeLamports));
    expect(plan.wallets.map((wallet) => wallet.burnAccounts)).toEqual([1, 1, 0, 0, 0]);
  });

  it('burns and closes the planned accounts, rent to the master, streamed and re-attachable', async () => {
    const before = await balance(master);
    const pebbleSupply = await supplyOf(pebble.mint);
    const response = await call(
      'POST',
      '/api/solana/burn-tokens',
      { planId: plan.planId },
      'text/event-stream',
    );
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(response.body);
    // Every event in the contract's shape, as the web reads them.
    for (const event of events) burnTokensEventSchema.parse(event);
    expect(events[0]?.event).toBe('start');
    expect(events[0]?.data['totalWallets']).toBe(5);
    const walletEvents = events.filter((e) => e.event === 'wallet');
    expect(walletEvents.map((e) => e.data['processedWallets'])).toEqual([1, 2, 3, 4, 5]);
    const burnedIn = new Map(
      walletEvents.map((e) => [e.data['wallet'], e.data['burnedInThisWallet']]),
    );
    expect(burnedIn.get(wallets[0])).toBe(1);
    expect(burnedIn.get(wallets[1])).toBe(1);
    expect(burnedIn.get(wallets[2])).toBe(0);
    const done = events.at(-1);
    expect(done?.event, response.body).toBe('done');
    expect(done?.data).toEqual({
      totalWallets: 5,
      totalBurnedTokens: 2,
      totalClosedAccounts: 2,
      totalRentLamports: plan.rentLamports,
      totalFeeLamports: plan.feeLamports,
      // Rent less fee, floored at 0 (spec 2 §9); positive here.
      profitLamports: plan.netLamports,
    });

    // On chain: the dust accounts gone, their tokens out of the supply, the others untouched,
    // and the master richer by the rent less the fee it paid.
    expect(await exists(accounts['pebbleDust'] ?? '')).toBe(false);
    expect(await exists(accounts['quartzDust'] ?? '')).toBe(false);
    for (const kept of ['empty', 'pebbleRich', 'unpriced', 'frozen']) {
      expect(await exists(accounts[kept] ?? ''), kept).toBe(true);
    }
    const burnedPebble = BigInt(plan.mints.find((m) => m.mint === pebble.mint)?.amount ?? '0');
    expect(await supplyOf(pebble.mint)).toBe(pebbleSupply - burnedPebble);
    expect((await balance(master)) - before).toBe(BigInt(plan.netLamports));

    // Recorded in the close history as closes are, with what was burned.
    const history = closeHistoryPageSchema.parse((await call('GET', '/api/close-history')).json());
    const rows = history.records.filter((row) => row.burned_raw !== null);
    expect(rows.map((row) => row.token_account).sort()).toEqual(
      [accounts['pebbleDust'], accounts['quartzDust']].sort(),
    );
    expect(rows.map((row) => row.burned_raw).sort()).toEqual(
      plan.burns.map((burn) => burn.amount).sort(),
    );

    // A reload re-attaches by the job's id and hears the same events.
    const jobId = events[0]?.data['jobId'] as string;
    const again = await call('GET', `/api/solana/burn-tokens/${jobId}/events`);
    expect(eventsOf(again.body)).toEqual(events);
    const job = jobViewSchema.parse((await call('GET', `/api/jobs/${jobId}`)).json());
    expect(job.status).toBe('succeeded');
    expect(job.kind).toBe('token.burn');
  });

  it('refuses to burn the same plan twice, and finds nothing more to burn at $1', async () => {
    const twice = await call('POST', '/api/solana/burn-tokens', { planId: plan.planId });
    expect(twice.statusCode).toBe(409);
    const nothing = await call('POST', '/api/solana/burn-tokens/plan', {
      walletAddresses: wallets.slice(0, 5),
      threshold: { kind: 'usd', belowUsd: '1' },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ error: string }>().error).toBe(
      'Nothing to burn - No token balances below the threshold found in scope.',
    );
  });

  it('burns below a raw threshold, a named unpriced mint too, rent back to each owner, buffered', async () => {
    const [, , w2, , , w5] = wallets as [string, string, string, string, string, string];
    const response = await call('POST', '/api/solana/burn-tokens/plan', {
      walletAddresses: [w2, w5],
      threshold: { kind: 'raw', belowRaw: '10' },
      unpricedMints: [unpriced],
      rentDestination: 'owner',
    });
    expect(response.statusCode, response.body).toBe(200);
    const rawPlan = burnTokensPlanSchema.parse(response.json());
    expect(rawPlan.burns.map((burn) => burn.tokenAccount).sort()).toEqual(
      [accounts['pebbleThree'], accounts['unpriced']].sort(),
    );
    expect(rawPlan.skippedByReason['above threshold']).toBe(1);
    expect(rawPlan.mints.find((mint) => mint.mint === unpriced)).toMatchObject({
      priceUsd: null,
      valueUsd: 'unpriced',
    });
    const owners = await Promise.all([balance(w2), balance(w5)]);
    const masterBefore = await balance(master);

    const buffered = await call('POST', '/api/solana/burn-tokens', { planId: rawPlan.planId });
    expect(buffered.statusCode, buffered.body).toBe(200);
    const result = burnTokensResultSchema.parse(buffered.json());
    expect(result.error).toBeNull();
    expect(result.done).toMatchObject({ totalBurnedTokens: 2, totalClosedAccounts: 2 });
    expect(result.events[0]?.event).toBe('start');

    // The owners got their rent back, the master paid the fee.
    const rentOf = (account: string) =>
      BigInt(rawPlan.burns.find((burn) => burn.tokenAccount === account)?.rentLamports ?? '0');
    expect((await balance(w2)) - owners[0]).toBe(rentOf(accounts['unpriced'] ?? ''));
    expect((await balance(w5)) - owners[1]).toBe(rentOf(accounts['pebbleThree'] ?? ''));
    expect(masterBefore - (await balance(master))).toBe(BigInt(rawPlan.feeLamports));
    expect(await exists(accounts['pebbleThree'] ?? '')).toBe(false);
    expect(await exists(accounts['pebbleTen'] ?? '')).toBe(true);
    // Rent returned to the owners is not the master's profit, but it is the operation's.
    expect(result.done?.profitLamports).toBe(rawPlan.netLamports);
  });
});
