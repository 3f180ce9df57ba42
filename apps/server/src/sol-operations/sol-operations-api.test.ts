import { createEndpointPool, type EndpointPool } from '@fleet/chain';
import {
  doubleDistributionProgressSchema,
  jobViewSchema,
  operationDetailSchema,
  readSlimWalletList,
  solPlanSchema,
  type JobView,
  type SolPlanView,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { address } from '@solana/kit';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../jobs/jobs-harness';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL = 1_000_000_000n;

describe.each(testDatabaseKinds)('SOL operations API on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let pool: EndpointPool;
  let master: string;
  let wallets: { id: string; address: string }[] = [];

  const call = (who: Operator, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: who.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balance = async (owner: string) =>
    (await pool.rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value;
  /** The 30 wallets' SOL as the wallet list reads it (stored, not read from the chain). */
  const storedLamports = async () => {
    const list = readSlimWalletList((await call(operator, 'GET', '/api/wallets?mode=slim')).json());
    const stored = new Map(list.wallets.map((w) => [w.id, w.lamports]));
    return wallets.map((w) => stored.get(w.id));
  };
  const planOf = (response: LightMyRequestResponse): SolPlanView => {
    expect(response.statusCode, response.body).toBe(200);
    return solPlanSchema.parse(response.json());
  };
  const runToEnd = async (jobId: string): Promise<JobView> =>
    eventually(
      async () => jobViewSchema.parse((await call(operator, 'GET', `/api/jobs/${jobId}`)).json()),
      (job) => job.isDone,
      { timeoutMs: 60_000, stepMs: 200 },
    );

  beforeAll(async () => {
    harness = await createTestApp(kind, { withJobs: true });
    pool = createEndpointPool({ endpoints: [harness.localnet.url] });
    operator = await createOperator(harness.app, 'sol@example.com');
    other = await createOperator(harness.app, 'sol-other@example.com');
    const key = newTestKeypair();
    master = key.address;
    const patched = await harness.app.inject({
      method: 'PATCH',
      url: '/api/master-wallet',
      cookies: { fleet_session: operator.cookie },
      payload: { private_key: key.privateKey },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await harness.localnet.admin.fund(master, 20n * SOL);
    const created = await call(operator, 'POST', '/api/create-wallet', { count: 30 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('distributes to 30 wallets exactly as planned, once, and sweeps them back to 0', async () => {
    // 1. the plan: 2 transactions (20 + 10 transfers), figures before anything is sent
    const plan = planOf(
      await call(operator, 'POST', '/api/sol/distribute/plan', {
        recipients: wallets.map((w) => ({ walletId: w.id, amountSol: '0.0125' })),
      }),
    );
    expect(plan.ready).toBe(true);
    expect(plan.amountLamports).toBe((30n * 12_500_000n).toString());
    expect(plan.transactions.map((t) => t.transfers)).toEqual([20, 10]);
    const fees = BigInt(plan.costs.totalFeeLamports);
    expect(BigInt(plan.costs.feePerWalletLamports)).toBeLessThanOrEqual(400n);
    const masterBefore = await balance(master);

    // 2. executed as a job; a second execution of the same plan is refused
    const started = await call(operator, 'POST', '/api/sol/distribute', { planId: plan.planId });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId, operationId } = started.json<{ jobId: string; operationId: string }>();
    const again = await call(operator, 'POST', '/api/sol/distribute', { planId: plan.planId });
    expect(again.json()).toMatchObject({ code: 'PLAN__ALREADY_USED' });
    // One spender of the master at a time.
    const second = planOf(
      await call(operator, 'POST', '/api/sol/distribute/plan', {
        recipients: [{ walletId: wallets[0]?.id, amountSol: '0.01' }],
      }),
    );
    const busy = await call(operator, 'POST', '/api/sol/distribute', { planId: second.planId });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'OPERATION__MASTER_BUSY' });

    const job = await runToEnd(jobId);
    expect(job).toMatchObject({ status: 'succeeded', processedItems: 30, totalItems: 30 });
    expect(job.report).toMatchObject({ phase: 'done', succeeded: 30, failed: 0, wallets: 30 });

    // 3. on chain: each wallet paid exactly once, the master charged amounts plus planned fees
    for (const wallet of wallets) expect(await balance(wallet.address)).toBe(12_500_000n);
    expect(masterBefore - (await balance(master))).toBe(30n * 12_500_000n + fees);
    // The wallet list shows it without a refresh: the job stored what the chain now holds.
    expect(await storedLamports()).toEqual(wallets.map(() => '12500000'));

    // 4. the history: every item confirmed with its signature; the other tenant sees nothing
    const detail = operationDetailSchema.parse(
      (await call(operator, 'GET', `/api/operations/${operationId}`)).json(),
    );
    expect(detail.status).toBe('succeeded');
    expect(detail.feeStrategy).toBeNull();
    expect(detail.items.every((item) => item.status === 'confirmed')).toBe(true);
    expect(detail.transactions.every((tx) => tx.signature !== null && tx.broadcasts >= 1)).toBe(
      true,
    );
    expect((await call(other, 'GET', `/api/operations/${operationId}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);

    // 5. sweep with the master paying: every wallet left at exactly 0
    const sweep = planOf(
      await call(operator, 'POST', '/api/sol/aggregate/plan', { feeStrategy: 'master' }),
    );
    expect(sweep.ready).toBe(true);
    expect(sweep.amountLamports).toBe((30n * 12_500_000n).toString());
    // Several wallets sign each transaction: one signature per wallet plus one per transaction.
    const signatures = sweep.transactions.reduce((sum, t) => sum + t.signers, 0);
    expect(signatures).toBe(30 + sweep.transactions.length);
    const masterBeforeSweep = await balance(master);
    const swept = await call(operator, 'POST', '/api/sol/aggregate', { planId: sweep.planId });
    expect(swept.statusCode, swept.body).toBe(202);
    const sweepStarted = swept.json<{ jobId: string; operationId: string }>();
    const sweepJob = await runToEnd(sweepStarted.jobId);
    expect(sweepJob.report).toMatchObject({ succeeded: 30, failed: 0 });
    // The history names the fee strategy the sweep ran with, so "Retry failed" can repeat it.
    const sweepDetail = operationDetailSchema.parse(
      (await call(operator, 'GET', `/api/operations/${sweepStarted.operationId}`)).json(),
    );
    expect(sweepDetail.feeStrategy).toBe('master');
    for (const wallet of wallets) expect(await balance(wallet.address)).toBe(0n);
    expect(await storedLamports()).toEqual(wallets.map(() => '0'));
    expect((await balance(master)) - masterBeforeSweep).toBe(
      30n * 12_500_000n - BigInt(sweep.costs.totalFeeLamports),
    );
  }, 180_000);

  it('pays 5 destinations through fresh middlemen, each middleman left at 0', async () => {
    const destinations = Array.from({ length: 5 }, () => newTestKeypair().address);
    const recipients = destinations.map((destination) => ({
      destination,
      amountLamports: '1000000',
    }));
    const plan = planOf(
      await call(operator, 'POST', '/api/double-distribution/plan', { recipients }),
    );
    expect(plan.ready).toBe(true);
    expect(plan.transactions.filter((t) => t.leg === 'secondHop')).toHaveLength(5);
    expect(plan.wallets.filter((w) => w.role === 'middleman')).toHaveLength(5);
    // The start body must be the plan's recipients.
    const altered = await call(operator, 'POST', '/api/double-distribution/start', {
      planId: plan.planId,
      recipients: recipients.map((r, index) =>
        index === 0 ? { ...r, amountLamports: '2000000' } : r,
      ),
    });
    expect(altered.json()).toMatchObject({ code: 'PLAN__ALTERED' });
    const started = await call(operator, 'POST', '/api/double-distribution/start', {
      planId: plan.planId,
      recipients,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json<{ jobId: string }>();
    const progress = await eventually(
      async () =>
        doubleDistributionProgressSchema.parse(
          (await call(operator, 'GET', `/api/double-distribution/progress?jobId=${jobId}`)).json(),
        ),
      (answer) => answer.isDone,
      { timeoutMs: 60_000, stepMs: 300 },
    );
    expect(progress.results.map((r) => r.status)).toEqual(Array(5).fill('forwarded'));
    for (const destination of destinations) expect(await balance(destination)).toBe(1_000_000n);
    for (const result of progress.results) expect(await balance(result.middleman)).toBe(0n);
    expect(new Set(progress.results.map((r) => r.middleman)).size).toBe(5);
    // Another tenant cannot read the progress.
    const foreign = await call(other, 'GET', `/api/double-distribution/progress?jobId=${jobId}`);
    expect(foreign.statusCode).toBe(404);
  }, 120_000);

  it('refuses bad amounts and recipients with a clear 400, and sends nothing', async () => {
    const recipient = wallets[0]?.id;
    for (const amountSol of ['1.2.3', '-1', '1e9', '0x10', '1,5', '0.0000000001', '']) {
      const response = await call(operator, 'POST', '/api/sol/distribute/plan', {
        recipients: [{ walletId: recipient, amountSol }],
      });
      expect(response.statusCode, amountSol).toBe(400);
      expect(response.json<{ error: string }>().error.length).toBeGreaterThan(0);
    }
    const none = await call(operator, 'POST', '/api/sol/distribute/plan', { recipients: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: string }>().error).toContain('at least one recipient');
    const tooMany = await call(operator, 'POST', '/api/sol/distribute/plan', {
      recipients: Array.from({ length: 100_001 }, () => ({
        address: master,
        amountSol: '1',
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: string }>().error).toContain('100,000');
    const twice = await call(operator, 'POST', '/api/sol/distribute/plan', {
      recipients: [
        { walletId: recipient, amountSol: '1' },
        { walletId: recipient, amountSol: '2' },
      ],
    });
    expect(twice.json()).toMatchObject({ code: 'SOL_PLAN__DUPLICATE_RECIPIENT' });
    // Another tenant's wallet ids are unknown here.
    const foreign = await call(other, 'POST', '/api/sol/distribute/plan', {
      recipients: [{ walletId: recipient, amountSol: '1' }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'WALLET__SOME_NOT_FOUND' });
  });

  it('plans what the master cannot pay as blocked, and never runs a blocked or altered plan', async () => {
    const short = planOf(
      await call(operator, 'POST', '/api/sol/distribute/plan', {
        recipients: [{ walletId: wallets[1]?.id, amountSol: '1000' }],
      }),
    );
    expect(short.ready).toBe(false);
    expect(short.problems).toContainEqual(
      expect.objectContaining({ code: 'SOL_PLAN__MASTER_BALANCE_SHORT', blocking: true }),
    );
    const refused = await call(operator, 'POST', '/api/sol/distribute', { planId: short.planId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SOL_PLAN__NOT_READY' });
    // An unknown (or altered) plan id, and another tenant's plan, are not found.
    const altered = `${short.planId.slice(0, -1)}${short.planId.endsWith('0') ? '1' : '0'}`;
    expect(
      (await call(operator, 'POST', '/api/sol/distribute', { planId: altered })).json(),
    ).toMatchObject({ code: 'PLAN__NOT_FOUND' });
    expect(
      (await call(operator, 'POST', '/api/sol/distribute', { planId: 'not-a-plan' })).statusCode,
    ).toBe(400);
    // A tenant without a master wallet: 'Master wallet not ready'.
    const created = await call(other, 'POST', '/api/create-wallet', { count: 1 });
    const otherWallet = created.json<{ wallets: { id: string }[] }>().wallets[0]?.id;
    const noMaster = planOf(
      await call(other, 'POST', '/api/sol/distribute/plan', {
        recipients: [{ walletId: otherWallet, amountSol: '1' }],
      }),
    );
    expect(noMaster.ready).toBe(false);
    expect(noMaster.problems[0]?.message).toBe('Master wallet not ready');
    const notReady = await call(other, 'POST', '/api/sol/distribute', { planId: noMaster.planId });
    expect(notReady.json<{ error: string }>().error).toContain('Master wallet not ready');
    expect(
      (await call(operator, 'POST', '/api/sol/distribute', { planId: noMaster.planId })).json(),
    ).toMatchObject({ code: 'PLAN__NOT_FOUND' });
  });
});
