import {
  errorBodySchema,
  finalTruthScanConflictSchema,
  finalTruthScanProgressSchema,
  finalTruthScanStartSchema,
  valuationSchema,
  type FinalTruthScanProgress,
} from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../jobs/jobs-harness';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL = 1_000_000_000n;
/** Small batches, so that ten wallets make three of them. */
const BATCH = 4;

describe.each(testDatabaseKinds)('The Final Truth Scan on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let wallets: { id: string; address: string }[] = [];
  /** A token account stored for wallets[4] that the chain does not hold. */
  const staleAccount = newTestKeypair().address;
  let heldAccount = '';
  let emptyAccount = '';
  let nftAccount = '';

  const call = (who: Operator, method: 'GET' | 'POST', url: string, payload?: object) =>
    harness.app.inject({
      method,
      url,
      cookies: { fleet_session: who.cookie },
      ...(payload === undefined ? {} : { payload }),
    });
  const start = (payload: object, who: Operator = operator) =>
    call(who, 'POST', '/api/final-truth-scan', payload);
  const progressOf = async (jobId: string, who: Operator = operator) => {
    const response = await call(who, 'GET', `/api/final-truth-scan/progress?jobId=${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    return finalTruthScanProgressSchema.parse(response.json());
  };
  const untilDone = (jobId: string): Promise<FinalTruthScanProgress> =>
    eventually(
      () => progressOf(jobId),
      (progress) => progress.isDone,
      { timeoutMs: 60_000, stepMs: 100 },
    );
  const started = async (payload: object): Promise<string> => {
    const response = await start(payload);
    expect(response.statusCode, response.body).toBe(202);
    return finalTruthScanStartSchema.parse(response.json()).jobId;
  };
  const scanTimes = async () => {
    const rows = await harness.database.db
      .select({ id: schema.wallets.id, at: schema.wallets.lastScannedAt })
      .from(schema.wallets)
      .where(
        inArray(
          schema.wallets.id,
          wallets.map((wallet) => wallet.id),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.at?.getTime() ?? null]));
  };

  beforeAll(async () => {
    harness = await createTestApp(kind, { withJobs: true, finalTruthBatchSize: BATCH });
    operator = await createOperator(harness.app, 'truth@example.com');
    other = await createOperator(harness.app, 'other-truth@example.com');
    const created = await call(operator, 'POST', '/api/create-wallet', { count: 10 });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    const { admin } = harness.localnet;
    const [w0, w1, w2, w3, w4] = wallets;
    if (!w0 || !w1 || !w2 || !w3 || !w4) throw new Error('ten wallets were not made');
    const token = await admin.createMint({ decimals: 6 });
    const nft = await admin.createMint({ decimals: 0 });
    heldAccount = await admin.createTokenAccount({ owner: w0.address, mint: token, amount: 5n });
    emptyAccount = await admin.createTokenAccount({ owner: w1.address, mint: token });
    nftAccount = await admin.createTokenAccount({ owner: w2.address, mint: nft, amount: 1n });
    await admin.fund(w3.address, 2n * SOL);
    await harness.database.db.insert(schema.walletTokenAccounts).values({
      tenantId: operator.tenantId,
      tokenAccount: staleAccount,
      walletId: w4.id,
      mint: token,
      program: 'token',
      amount: '7',
      decimals: 6,
      lamports: '2039280',
      frozen: false,
      withheldAmount: '0',
      updatedAt: new Date(0),
    });
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('scans every active wallet in batches, stores what the chain holds and reports each wallet', async () => {
    const lastScan = async () => {
      const response = await call(operator, 'GET', '/api/valuation');
      expect(response.statusCode, response.body).toBe(200);
      return valuationSchema.parse(response.json()).reports.lastFinalTruthScan;
    };
    expect(await lastScan()).toBeNull();
    const jobId = await started({});
    const done = await untilDone(jobId);
    // Spec 2 §3: the valuation says when the last one ran to its end.
    expect(await lastScan()).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(done.status, done.statusMessage).toBe('succeeded');
    expect(done.processedItems).toBe(10);
    expect(done.totalItems).toBe(10);
    expect(done.stats).toMatchObject({
      totalWallets: 10,
      scannedWallets: 10,
      failedWallets: 0,
      tokenAccounts: 3,
      splWithBalance: 1,
      zeroBalanceAccounts: 1,
      nfts: 1,
      batches: 3,
    });
    expect(done.report.done).toBe(true);
    expect(done.report.errors).toEqual([]);
    const byAddress = new Map(done.report.results.map((result) => [result.address, result]));
    expect(byAddress.size).toBe(10);
    expect(byAddress.get(wallets[0]?.address ?? '')).toMatchObject({
      splWithBalance: 1,
      zeroBalanceAccounts: 0,
      nfts: 0,
      status: 'ok',
    });
    expect(byAddress.get(wallets[1]?.address ?? '')).toMatchObject({ zeroBalanceAccounts: 1 });
    expect(byAddress.get(wallets[2]?.address ?? '')).toMatchObject({ nfts: 1, splWithBalance: 0 });
    expect(done.logMessages.some((line) => line.startsWith('Batch 3:'))).toBe(true);

    const accounts = await harness.database.db
      .select({
        account: schema.walletTokenAccounts.tokenAccount,
        walletId: schema.walletTokenAccounts.walletId,
        amount: schema.walletTokenAccounts.amount,
      })
      .from(schema.walletTokenAccounts)
      .where(eq(schema.walletTokenAccounts.tenantId, operator.tenantId));
    const stored = new Map(accounts.map((row) => [row.account, row]));
    expect(stored.get(heldAccount)).toMatchObject({ walletId: wallets[0]?.id, amount: '5' });
    expect(stored.get(emptyAccount)).toMatchObject({ walletId: wallets[1]?.id, amount: '0' });
    expect(stored.get(nftAccount)).toMatchObject({ walletId: wallets[2]?.id, amount: '1' });
    // The chain does not hold it: the cold scan saw every account of wallets[4], so it is gone.
    expect(stored.has(staleAccount)).toBe(false);
    const [funded] = await harness.database.db
      .select({ lamports: schema.wallets.lamports })
      .from(schema.wallets)
      .where(eq(schema.wallets.id, wallets[3]?.id ?? ''));
    expect(funded?.lamports).toBe(2n * SOL);
  }, 90_000);

  it('refuses a second scan of overlapping wallets with the running one’s job; disjoint ones run', async () => {
    harness.localnet.admin.setProfile('default', { latencyMs: 1_500 });
    try {
      const first = await started({
        publicAddresses: [wallets[0]?.address, wallets[1]?.address],
      });
      for (const payload of [{ publicAddresses: [wallets[1]?.address] }, {}]) {
        const refused = await start(payload);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(finalTruthScanConflictSchema.parse(refused.json())).toEqual({
          error: 'A final truth scan is already running for these wallets',
          code: 'SCAN__FINAL_TRUTH_RUNNING',
          jobId: first,
        });
      }
      // Another tenant's scans are its own business.
      const theirs = await start({}, other);
      expect(theirs.statusCode, theirs.body).toBe(202);
      const disjoint = await started({ publicAddresses: [wallets[5]?.address] });
      for (const jobId of [first, disjoint]) {
        const aborted = await call(operator, 'POST', '/api/final-truth-scan/abort', { jobId });
        expect(aborted.statusCode, aborted.body).toBe(200);
      }
      for (const jobId of [first, disjoint]) expect((await untilDone(jobId)).isDone).toBe(true);
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
  }, 90_000);

  it('stops on Cancel Scan after whole batches: each wallet is updated or untouched', async () => {
    const before = await scanTimes();
    harness.localnet.admin.setProfile('default', { latencyMs: 1_500 });
    let jobId = '';
    try {
      jobId = await started({});
      await eventually(
        () => progressOf(jobId),
        (progress) => progress.processedItems >= BATCH,
        { timeoutMs: 60_000, stepMs: 100 },
      );
      const aborted = await call(operator, 'POST', '/api/final-truth-scan/abort', { jobId });
      expect(aborted.statusCode, aborted.body).toBe(200);
      expect(finalTruthScanProgressSchema.parse(aborted.json()).cancelRequested).toBe(true);
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
    const done = await untilDone(jobId);
    expect(done.status).toBe('cancelled');
    expect(done.report.done).toBe(true);
    expect(done.processedItems % BATCH).toBe(0);
    expect(done.processedItems).toBeLessThan(10);
    expect(done.report.results).toHaveLength(done.processedItems);

    // The job's own order: the first `processedItems` wallets were written, the rest not.
    const [row] = await harness.database.db
      .select({ params: schema.jobs.params })
      .from(schema.jobs)
      .where(eq(schema.jobs.id, jobId));
    const order = (row?.params as { walletIds: string[] }).walletIds;
    const after = await scanTimes();
    order.forEach((id, index) => {
      if (index < done.processedItems) expect(after.get(id)).not.toBe(before.get(id));
      else expect(after.get(id)).toBe(before.get(id));
    });
  }, 120_000);

  it('refuses to abort a finished scan (409) and another tenant’s (404), changing nothing', async () => {
    const jobId = await started({ publicAddresses: [wallets[9]?.address] });
    const done = await untilDone(jobId);
    expect(done.status).toBe('succeeded');
    const finished = await call(operator, 'POST', '/api/final-truth-scan/abort', { jobId });
    expect(finished.statusCode, finished.body).toBe(409);
    expect(errorBodySchema.parse(finished.json()).code).toBe('SCAN__FINAL_TRUTH_FINISHED');
    for (const [method, url, payload] of [
      ['POST', '/api/final-truth-scan/abort', { jobId }],
      ['GET', `/api/final-truth-scan/progress?jobId=${jobId}`, undefined],
    ] as const) {
      const foreign = await call(other, method, url, payload);
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(errorBodySchema.parse(foreign.json()).code).toBe('JOB__NOT_FOUND');
    }
    expect(await progressOf(jobId)).toMatchObject({ status: 'succeeded', cancelRequested: false });
    // Another tenant cannot name this tenant's wallets either.
    const named = await start({ publicAddresses: [wallets[0]?.address] }, other);
    expect(named.statusCode, named.body).toBe(404);
    expect(errorBodySchema.parse(named.json()).code).toBe('WALLET__SOME_NOT_FOUND');
  }, 90_000);

  it('refuses bodies that are not a list of addresses', async () => {
    for (const payload of [
      { publicAddresses: 'all' },
      { publicAddresses: [12] },
      { publicAddresses: [], extra: true },
      { publicAddresses: ['not-an-address-but-long-enough-to-pass-length'] },
    ]) {
      const response = await start(payload);
      expect(response.statusCode, response.body).toBe(400);
    }
    const badJob = await call(operator, 'GET', '/api/final-truth-scan/progress?jobId=nope');
    expect(badJob.statusCode).toBe(400);
  });
});
