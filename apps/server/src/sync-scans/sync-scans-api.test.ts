import {
  errorBodySchema,
  jobViewSchema,
  quickRefreshProgressSchema,
  quickRefreshStartSchema,
  quickRefreshTokensSchema,
  syncScanConflictSchema,
  syncVerifyResponseSchema,
  verifyReportSchema,
  type QuickRefreshProgress,
} from '@fleet/core';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../jobs/jobs-harness';
import { newTestKeypair } from '../testing/keypairs';
import { scanTestBed } from '../testing/scan-test-bed';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL = 1_000_000_000n;
/** Small batches, so that ten wallets make three of them. */
const BATCH = 4;

describe.each(testDatabaseKinds)('The quick refresh and the verify scan on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let wallets: { id: string; address: string }[] = [];
  /** Stored for wallets[4]; the chain does not hold it. */
  const staleAccount = newTestKeypair().address;
  /** Held by wallets[0] on the chain with 5, stored with 3. */
  let heldAccount = '';
  /** Held by wallets[1] on the chain, not stored: only a cold scan finds it. */
  let unknownAccount = '';

  const bed = scanTestBed(() => harness);
  const { call } = bed;
  const refreshProgress = async (jobId: string, who: Operator = operator) => {
    const response = await call(who, 'GET', `/api/solana/sync-refresh-progress?jobId=${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    return quickRefreshProgressSchema.parse(response.json()).progress;
  };
  const refreshDone = (jobId: string): Promise<QuickRefreshProgress['progress']> =>
    eventually(
      () => refreshProgress(jobId),
      (progress) => progress.done,
      { timeoutMs: 60_000, stepMs: 100 },
    );
  const startRefresh = async () => {
    const response = await call(operator, 'POST', '/api/solana/sync-refresh', {});
    expect([200, 202], response.body).toContain(response.statusCode);
    return quickRefreshStartSchema.parse(response.json());
  };
  const verify = async (payload: object = {}) => {
    const response = await call(operator, 'POST', '/api/solana/sync-verify', payload);
    expect(response.statusCode, response.body).toBe(200);
    return syncVerifyResponseSchema.parse(response.json());
  };
  const storedAccounts = () => bed.storedAmounts(operator.tenantId);
  const scanTimes = () => bed.scanTimes(wallets.map((wallet) => wallet.id));

  beforeAll(async () => {
    harness = await createTestApp(kind, { withJobs: true, finalTruthBatchSize: BATCH });
    operator = await createOperator(harness.app, 'sync@example.com');
    other = await createOperator(harness.app, 'other-sync@example.com');
    wallets = await bed.createWallets(operator, 10);
    const { admin } = harness.localnet;
    const [w0, w1, , w3, w4] = wallets;
    if (!w0 || !w1 || !w3 || !w4) throw new Error('ten wallets were not made');
    const token = await admin.createMint({ decimals: 6 });
    heldAccount = await admin.createTokenAccount({ owner: w0.address, mint: token, amount: 5n });
    unknownAccount = await admin.createTokenAccount({ owner: w1.address, mint: token, amount: 9n });
    await admin.fund(w3.address, 2n * SOL);
    const row = {
      tenantId: operator.tenantId,
      mint: token,
      program: 'token',
      decimals: 6,
      lamports: '2039280',
      frozen: false,
      withheldAmount: '0',
      updatedAt: new Date(0),
    };
    await harness.database.db.insert(schema.walletTokenAccounts).values([
      { ...row, tokenAccount: heldAccount, walletId: w0.id, amount: '3' },
      { ...row, tokenAccount: staleAccount, walletId: w4.id, amount: '7' },
    ]);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('verifies every active wallet against the chain and writes nothing', async () => {
    const before = await storedAccounts();
    const { report } = await verify();
    expect(report).toMatchObject({ walletsScanned: 10, rpcFailures: 0, tokensFound: 2 });
    expect(report.walletsMatching + report.walletsDiffering).toBe(10);
    const byAddress = new Map(report.mismatches.map((entry) => [entry.address, entry]));
    expect(byAddress.get(wallets[0]?.address ?? '')).toMatchObject({ differentAmounts: 1 });
    expect(byAddress.get(wallets[1]?.address ?? '')).toMatchObject({ missingAccounts: 1 });
    expect(byAddress.get(wallets[3]?.address ?? '')).toMatchObject({
      chainLamports: (2n * SOL).toString(),
    });
    expect(byAddress.get(wallets[4]?.address ?? '')).toMatchObject({ goneAccounts: 1 });
    expect(await storedAccounts()).toEqual(before);
  }, 90_000);

  it('counts what a quick refresh will read, then refreshes it at the re-scan cost', async () => {
    const counted = await call(operator, 'GET', '/api/solana/sync-refresh/fetch-tokens');
    expect(counted.statusCode, counted.body).toBe(200);
    expect(quickRefreshTokensSchema.parse(counted.json())).toEqual({
      walletCount: 10,
      tokenCount: 2,
    });

    const started = await startRefresh();
    expect(started.joined).toBe(false);
    const done = await refreshDone(started.jobId);
    expect(done.status, done.statusMessage).toBe('succeeded');
    expect(done).toMatchObject({ processedWallets: 10, totalWallets: 10 });
    expect(done.report).toMatchObject({
      walletsScanned: 10,
      totalWallets: 10,
      rpcFailures: 0,
      // wallets[0]'s amount and wallets[4]'s account gone
      tokensUpdated: 2,
      tokensProcessed: 2,
    });
    expect(done.report.solUpdated).toBeGreaterThanOrEqual(1);

    const stored = await storedAccounts();
    expect(stored.get(heldAccount)).toBe('5');
    expect(stored.has(staleAccount)).toBe(false);
    // Not looked for: a quick refresh reads only the accounts already known.
    expect(stored.has(unknownAccount)).toBe(false);
    expect(await bed.storedLamports(wallets[3]?.id ?? '')).toBe(2n * SOL);

    // What is left for a verify to find: the account only a cold scan sees.
    const { report } = await verify();
    expect(report.walletsDiffering).toBe(1);
    expect(report.mismatches).toEqual([
      expect.objectContaining({ address: wallets[1]?.address, missingAccounts: 1 }),
    ]);
  }, 90_000);

  it('joins a running quick refresh; refuses a second verify with the running one’s job, whose report the jobs API gives', async () => {
    harness.localnet.admin.setProfile('default', { latencyMs: 1_500 });
    try {
      const first = await startRefresh();
      const second = await startRefresh();
      expect(second).toMatchObject({ joined: true, jobId: first.jobId });
      // Another tenant's scans are its own.
      const theirs = await call(other, 'POST', '/api/solana/sync-refresh', {});
      expect(theirs.statusCode, theirs.body).toBe(202);
      expect(quickRefreshStartSchema.parse(theirs.json()).jobId).not.toBe(first.jobId);

      const running = call(operator, 'POST', '/api/solana/sync-verify', {});
      const jobs = await eventually(
        () =>
          harness.database.db
            .select({ id: schema.jobs.id })
            .from(schema.jobs)
            .where(eq(schema.jobs.kind, 'scan.verify')),
        (rows) => rows.length === 3,
        { timeoutMs: 10_000, stepMs: 50 },
      );
      const refused = await call(operator, 'POST', '/api/solana/sync-verify', {});
      expect(refused.statusCode, refused.body).toBe(409);
      const conflict = syncScanConflictSchema.parse(refused.json());
      expect(jobs.map((row) => row.id)).toContain(conflict.jobId);
      const answered = await running;
      expect(answered.statusCode).toBe(200);
      const waited = syncVerifyResponseSchema.parse(answered.json());
      expect(conflict.jobId).toBe(waited.jobId);
      // The refused page follows that verify through the jobs API: once it is done, its job
      // carries the report the first caller was answered.
      const followed = await call(operator, 'GET', `/api/jobs/${conflict.jobId}`);
      expect(followed.statusCode, followed.body).toBe(200);
      const job = jobViewSchema.parse(followed.json());
      expect(job).toMatchObject({ kind: 'scan.verify', status: 'succeeded', isDone: true });
      expect(verifyReportSchema.parse(job.report)).toEqual(waited.report);
      await refreshDone(first.jobId);
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
  }, 120_000);

  it('stops a quick refresh on Cancel after whole batches: each wallet is updated or untouched', async () => {
    const before = await scanTimes();
    harness.localnet.admin.setProfile('default', { latencyMs: 1_500 });
    let jobId = '';
    try {
      jobId = (await startRefresh()).jobId;
      await eventually(
        () => refreshProgress(jobId),
        (progress) => progress.processedWallets >= BATCH,
        { timeoutMs: 60_000, stepMs: 100 },
      );
      const aborted = await call(operator, 'POST', '/api/solana/sync-refresh/abort', { jobId });
      expect(aborted.statusCode, aborted.body).toBe(200);
      expect(quickRefreshProgressSchema.parse(aborted.json()).progress.cancelRequested).toBe(true);
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
    const done = await refreshDone(jobId);
    expect(done.status).toBe('cancelled');
    expect(done.processedWallets % BATCH).toBe(0);
    expect(done.processedWallets).toBeLessThan(10);
    expect(done.report.walletsScanned).toBe(done.processedWallets);
    const order = await bed.jobWalletOrder(jobId);
    const after = await scanTimes();
    order.forEach((id, index) => {
      if (index < done.processedWallets) expect(after.get(id)).not.toBe(before.get(id));
      else expect(after.get(id)).toBe(before.get(id));
    });

    const finished = await call(operator, 'POST', '/api/solana/sync-refresh/abort', { jobId });
    expect(finished.statusCode, finished.body).toBe(409);
    expect(errorBodySchema.parse(finished.json()).code).toBe('SCAN__SYNC_FINISHED');
    for (const [method, url, payload] of [
      ['POST', '/api/solana/sync-refresh/abort', { jobId }],
      ['GET', `/api/solana/sync-refresh-progress?jobId=${jobId}`, undefined],
    ] as const) {
      const foreign = await call(other, method, url, payload);
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(errorBodySchema.parse(foreign.json()).code).toBe('JOB__NOT_FOUND');
    }
  }, 120_000);

  it('refuses bodies and queries that are not what the routes take', async () => {
    for (const payload of [
      { publicAddresses: 'all' },
      { publicAddresses: [12] },
      { publicAddresses: [], extra: true },
      { publicAddresses: ['not-an-address-but-long-enough-to-pass-length'] },
    ]) {
      const response = await call(operator, 'POST', '/api/solana/sync-verify', payload);
      expect(response.statusCode, response.body).toBe(400);
    }
    const named = await call(other, 'POST', '/api/solana/sync-verify', {
      publicAddresses: [wallets[0]?.address],
    });
    expect(named.statusCode, named.body).toBe(404);
    expect(errorBodySchema.parse(named.json()).code).toBe('WALLET__SOME_NOT_FOUND');
    const badJob = await call(operator, 'GET', '/api/solana/sync-refresh-progress?jobId=nope');
    expect(badJob.statusCode).toBe(400);
    const badAbort = await call(operator, 'POST', '/api/solana/sync-refresh/abort', {});
    expect(badAbort.statusCode).toBe(400);
  });
});
