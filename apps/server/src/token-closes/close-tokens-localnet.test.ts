import { createEndpointPool, type EndpointPool } from '@fleet/chain';
import {
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  closeTokensPlanSchema,
  jobViewSchema,
  type CloseTokensPlan,
  type CloseTokensResult,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(testDatabaseKinds)('Closing empty token accounts on the localnet on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let pool: EndpointPool;
  let master: string;
  let wallets: { id: string; address: string }[] = [];
  const emptyCounts = new Map<string, number>();
  let kept: string[] = [];

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, accept?: string) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: operator.cookie },
      ...(accept === undefined ? {} : { headers: { accept } }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balance = async (owner: string) =>
    (await pool.rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value;
  const tokenAccountsOf = async (owner: string) => {
    const found: string[] = [];
    for (const programId of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]) {
      const { value } = await pool.rpc
        .getTokenAccountsByOwner(
          address(owner),
          { programId: address(programId) },
          { encoding: 'base64', commitment: 'confirmed' },
        )
        .send();
      found.push(...value.map((entry) => entry.pubkey));
    }
    return found;
  };

  beforeAll(async () => {
    harness = await createTestApp(kind, { withJobs: true });
    pool = createEndpointPool({ endpoints: [harness.localnet.url] });
    operator = await createOperator(harness.app, 'closer@example.com');
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
    const created = await call('POST', '/api/create-wallet', { count: 20 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    const { admin } = harness.localnet;
    const token = await admin.createMint({ decimals: 6 });
    const token2022 = await admin.createMint({ decimals: 6, program: 'token-2022' });
    // 0 to 30 empty accounts a wallet (every third a Token-2022 one), one with a balance
    for (const [index, wallet] of wallets.entries()) {
      const count = (index * 7) % 31;
      emptyCounts.set(wallet.address, count);
      for (let n = 0; n < count; n += 1) {
        await admin.createTokenAccount({
          owner: wallet.address,
          mint: n % 3 === 2 ? token2022 : token,
          address: newTestKeypair().address,
        });
      }
    }
    const holder = wallets[3]?.address ?? '';
    kept = [await admin.createTokenAccount({ owner: holder, mint: token, amount: 9n })];
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  let plan: CloseTokensPlan;

  it('plans one signature per owner with up to 23 accounts, the master paying', async () => {
    const response = await call('POST', '/api/solana/close-tokens/plan', {});
    expect(response.statusCode, response.body).toBe(200);
    plan = closeTokensPlanSchema.parse(response.json());
    const total = [...emptyCounts.values()].reduce((a, b) => a + b, 0);
    expect(plan.closableAccounts).toBe(total);
    expect(plan.skippedAccounts).toBe(1);
    for (const [owner, count] of emptyCounts) {
      const signed = plan.transactions.filter((tx) => tx.owners.includes(owner)).length;
      if (count === 0) expect(signed).toBe(0);
      else if (count <= 22) expect(signed).toBe(1);
      else expect(signed).toBe(2);
    }
    for (const tx of plan.transactions) expect(tx.size).toBeLessThanOrEqual(1232);
  });

  it('closes every planned account, rent to the master, fees as planned, streamed and re-attachable', async () => {
    const before = await balance(master);
    const response = await call(
      'POST',
      '/api/solana/close-tokens',
      { planId: plan.planId },
      'text/event-stream',
    );
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(response.body);
    expect(events[0]?.event).toBe('start');
    expect(events[0]?.data['totalWallets']).toBe(20);
    const walletEvents = events.filter((e) => e.event === 'wallet');
    expect(walletEvents.map((e) => e.data['processedWallets'])).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const done = events.at(-1);
    expect(done?.event, response.body).toBe('done');
    expect(done?.data['totalClosedAccounts']).toBe(plan.closableAccounts);
    expect(done?.data['totalSkippedAccounts']).toBe(1);
    expect(done?.data['totalRentLamports']).toBe(plan.rentLamports);
    expect(done?.data['totalFeeLamports']).toBe(plan.feeLamports);
    expect(BigInt(done?.data['profitLamports'] as string)).toBe(BigInt(plan.netLamports));

    // on chain: every empty account gone, the one with a balance kept, rent less fees at the master
    for (const wallet of wallets) {
      const left = await tokenAccountsOf(wallet.address);
      expect(left).toEqual(wallet.address === wallets[3]?.address ? kept : []);
    }
    expect((await balance(master)) - before).toBe(BigInt(plan.netLamports));

    // a reload re-attaches by the job's id and hears the same events
    const jobId = events[0]?.data['jobId'] as string;
    const again = await call('GET', `/api/solana/close-tokens/${jobId}/events`);
    expect(eventsOf(again.body)).toEqual(events);
    const job = jobViewSchema.parse((await call('GET', `/api/jobs/${jobId}`)).json());
    expect(job.status).toBe('succeeded');
  });

  it('refuses to execute the same plan twice, and answers buffered JSON without the stream', async () => {
    const twice = await call('POST', '/api/solana/close-tokens', { planId: plan.planId });
    expect(twice.statusCode).toBe(409);
    const nothing = await call('POST', '/api/solana/close-tokens/plan', {});
    expect(nothing.statusCode).toBe(400);
    await harness.localnet.admin.createTokenAccount({
      owner: wallets[0]?.address ?? '',
      mint: await harness.localnet.admin.createMint({ decimals: 2 }),
    });
    const fresh = closeTokensPlanSchema.parse(
      (await call('POST', '/api/solana/close-tokens/plan', {})).json(),
    );
    const buffered = await call('POST', '/api/solana/close-tokens', { planId: fresh.planId });
    expect(buffered.statusCode, buffered.body).toBe(200);
    const result = buffered.json<CloseTokensResult>();
    expect(result.error).toBeNull();
    expect(result.done?.totalClosedAccounts).toBe(1);
    expect(await tokenAccountsOf(wallets[0]?.address ?? '')).toEqual([]);
  });

  it('lets a wallet with SOL and 25 empty accounts pay its own and sign once; the one without, the master', async () => {
    const created = await call('POST', '/api/create-wallet', { count: 2 });
    const [rich, poor] = created.json<{ wallets: { address: string }[] }>().wallets;
    const { admin } = harness.localnet;
    const mint = await admin.createMint({ decimals: 0 });
    for (const owner of [rich?.address ?? '', poor?.address ?? '']) {
      for (let n = 0; n < 25; n += 1) {
        await admin.createTokenAccount({ owner, mint, address: newTestKeypair().address });
      }
    }
    await admin.fund(rich?.address ?? '', 10_000_000n);
    const response = await call('POST', '/api/solana/close-tokens/plan', {
      walletAddresses: [rich?.address, poor?.address],
    });
    expect(response.statusCode, response.body).toBe(200);
    const own = closeTokensPlanSchema.parse(response.json());
    const shape = own.transactions.map((tx) => [tx.feePayer, tx.accounts, tx.signatures]);
    expect(shape).toEqual([
      [rich?.address, 25, 1],
      [master, 23, 2],
      [master, 2, 2],
    ]);
    const ownFee = BigInt(own.transactions[0]?.feeLamports ?? 0);
    const masterFees = own.transactions
      .slice(1)
      .reduce((sum, tx) => sum + BigInt(tx.feeLamports), 0n);

    const [richBefore, masterBefore] = [await balance(rich?.address ?? ''), await balance(master)];
    const buffered = await call('POST', '/api/solana/close-tokens', { planId: own.planId });
    expect(buffered.statusCode, buffered.body).toBe(200);
    const result = buffered.json<CloseTokensResult>();
    expect(result.done?.totalClosedAccounts).toBe(50);
    expect(result.done?.totalFeeLamports).toBe((ownFee + masterFees).toString());
    // The owner paid exactly its own transaction's fee; the master the others', and got the rent.
    expect(richBefore - (await balance(rich?.address ?? ''))).toBe(ownFee);
    expect((await balance(master)) - masterBefore).toBe(BigInt(own.rentLamports) - masterFees);
    expect(await tokenAccountsOf(rich?.address ?? '')).toEqual([]);
    expect(await tokenAccountsOf(poor?.address ?? '')).toEqual([]);
  });
});
