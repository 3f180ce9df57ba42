import { randomUUID } from 'node:crypto';
import {
  deepScanProgressSchema,
  deepScanStartSchema,
  deepScanUpdateResponseSchema,
  deepScanWalletsSchema,
  errorBodySchema,
  syncScanConflictSchema,
  type DeepScanProgress,
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
/** Small batches, so that six wallets make three of them. */
const BATCH = 2;

describe.each(testDatabaseKinds)('The deep scan and its update on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let wallets: { id: string; address: string }[] = [];
  /** Stored for wallets[2]; the chain does not hold it. */
  const staleAccount = newTestKeypair().address;
  /** Held by wallets[0] with 5, stored with 3. */
  let heldAccount = '';
  /** Held by wallets[1], not stored. */
  let unknownAccount = '';

  const bed = scanTestBed(() => harness);
  const { call } = bed;
  const progressOf = async (jobId: string) => {
    const response = await call(operator, 'GET', `/api/solana/deep-scan/progress?jobId=${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    return deepScanProgressSchema.parse(response.json());
  };
  const untilDone = (jobId: string): Promise<DeepScanProgress> =>
    eventually(
      () => progressOf(jobId),
      (progress) => progress.done,
      { timeoutMs: 60_000, stepMs: 100 },
    );
  const scan = async (publicAddresses: string[], jobId = randomUUID()) => {
    const response = await call(operator, 'POST', '/api/solana/deep-scan/scan-wallets', {
      publicAddresses,
      jobId,
    });
    expect(response.statusCode, response.body).toBe(202);
    return deepScanStartSchema.parse(response.json()).jobId;
  };
  const update = (progress: DeepScanProgress, who: Operator = operator) =>
    call(who, 'POST', '/api/solana/deep-scan/update-supabase', {
      scanSummary: { ...progress.report, jobId: progress.jobId },
    });
  const stored = () => bed.storedAmounts(operator.tenantId);
  const lamportsOf = (walletId: string) => bed.storedLamports(walletId);
  const addresses = () => wallets.map((wallet) => wallet.address);

  beforeAll(async () => {
    harness = await createTestApp(kind, { withJobs: true, finalTruthBatchSize: BATCH });
    operator = await createOperator(harness.app, 'deep@example.com');
    other = await createOperator(harness.app, 'other-deep@example.com');
    wallets = await bed.createWallets(operator, 6);
    const { admin } = harness.localnet;
    const [w0, w1, w2, w3] = wallets;
    if (!w0 || !w1 || !w2 || !w3) throw new Error('six wallets were not made');
    const token = await admin.createMint({ decimals: 6 });
    heldAccount = await admin.createTokenAccount({ owner: w0.address, mint: token, amount: 5n });
    unknownAccount = await admin.createTokenAccount({ owner: w1.address, mint: token, amount: 9n });
    await admin.fund(w3.address, 3n * SOL);
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
      { ...row, tokenAccount: staleAccount, walletId: w2.id, amount: '7' },
    ]);
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('scans without writing, then applies what the server read, the same again when sent twice', async () => {
    const listed = await call(operator, 'GET', '/api/solana/deep-scan/fetch-wallets');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(new Set(deepScanWalletsSchema.parse(listed.json()).wallets)).toEqual(
      new Set(addresses()),
    );
    const before = await stored();
    const jobId = randomUUID();
    expect(await scan(addresses(), jobId)).toBe(jobId);
    // A start sent again (its answer lost) finds its job instead of scanning twice.
    expect(await scan(addresses(), jobId)).toBe(jobId);
    const done = await untilDone(jobId);
    expect(done.status, done.statusMessage).toBe('succeeded');
    expect(done).toMatchObject({ totalWallets: 6, scannedWallets: 6 });
    expect(done.report).toMatchObject({
      walletsScanned: 6,
      tokensAdded: 1,
      tokensUpdated: 1,
      rpcFailures: 0,
      aborted: false,
    });
    expect(done.report.scanResults).toHaveLength(6);
    expect(done.report.scanResults.find((entry) => entry.addr === wallets[1]?.address)).toEqual({
      addr: wallets[1]?.address,
      status: 'ok',
      tokensFound: 1,
      error: null,
    });
    expect(await stored()).toEqual(before);

    const applied = await update(done);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(deepScanUpdateResponseSchema.parse(applied.json()).details).toEqual({
      walletsUpdated: 6,
      tokensAdded: 1,
      // wallets[0]'s amount, and wallets[2]'s account gone
      tokensUpdated: 2,
      walletsSkipped: 0,
      walletsNewerKept: 0,
    });
    const after = await stored();
    expect(after.get(heldAccount)).toBe('5');
    expect(after.get(unknownAccount)).toBe('9');
    expect(after.has(staleAccount)).toBe(false);
    expect(await lamportsOf(wallets[3]?.id ?? '')).toBe(3n * SOL);

    const again = await update(done);
    expect(again.statusCode, again.body).toBe(200);
    expect(deepScanUpdateResponseSchema.parse(again.json()).details).toMatchObject({
      walletsUpdated: 6,
      tokensAdded: 0,
      tokensUpdated: 0,
    });
    expect(await stored()).toEqual(after);

    const audit = await harness.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.tenantId, operator.tenantId));
    const actions = audit.map((row) => row.action);
    expect(actions.filter((action) => action === 'scan.deep')).toHaveLength(1);
    expect(actions.filter((action) => action === 'scan.deep_update')).toHaveLength(2);
  }, 90_000);

  it('applies only the wallets named ok, never over numbers from a newer slot', async () => {
    await harness.localnet.admin.fund(wallets[4]?.address ?? '', 1n * SOL);
    await harness.localnet.admin.fund(wallets[5]?.address ?? '', 1n * SOL);
    // A new account of the wallet kept newer: the update writes nothing of it, so counts none.
    await harness.localnet.admin.createTokenAccount({
      owner: wallets[5]?.address ?? '',
      mint: await harness.localnet.admin.createMint({ decimals: 6 }),
      amount: 5n,
    });
    const done = await untilDone(
      await scan([wallets[4]?.address ?? '', wallets[5]?.address ?? '']),
    );
    // wallets[5] was read since, from a newer slot: the scan's older numbers must not come back.
    await harness.database.db
      .update(schema.wallets)
      .set({ lamports: 42n, scannedSlot: 1n << 60n })
      .where(eq(schema.wallets.id, wallets[5]?.id ?? ''));
    const response = await call(operator, 'POST', '/api/solana/deep-scan/update-supabase', {
      scanSummary: {
        jobId: done.jobId,
        scanResults: [
          ...done.report.scanResults,
          { addr: wallets[0]?.address, status: 'error', tokensFound: 0, error: 'x' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(deepScanUpdateResponseSchema.parse(response.json()).details).toMatchObject({
      walletsUpdated: 1,
      walletsNewerKept: 1,
      walletsSkipped: 1,
      tokensAdded: 0,
    });
    expect(await lamportsOf(wallets[4]?.id ?? '')).toBe(1n * SOL);
    expect(await lamportsOf(wallets[5]?.id ?? '')).toBe(42n);
  }, 90_000);

  it('refuses a second scan while one runs, an update before it ends, and a cancelled one keeps whole batches', async () => {
    harness.localnet.admin.setProfile('default', { latencyMs: 1_500 });
    let jobId = '';
    try {
      jobId = await scan(addresses());
      const refused = await call(operator, 'POST', '/api/solana/deep-scan/scan-wallets', {
        publicAddresses: addresses(),
        jobId: randomUUID(),
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(syncScanConflictSchema.parse(refused.json()).jobId).toBe(jobId);
      const early = await update(await progressOf(jobId));
      expect(early.statusCode, early.body).toBe(409);
      expect(errorBodySchema.parse(early.json()).code).toBe('SCAN__DEEP_SCAN_NOT_DONE');
      await eventually(
        () => progressOf(jobId),
        (progress) => progress.scannedWallets >= BATCH,
        { timeoutMs: 60_000, stepMs: 100 },
      );
      const aborted = await call(operator, 'POST', '/api/solana/deep-scan/abort', { jobId });
      expect(aborted.statusCode, aborted.body).toBe(200);
    } finally {
      harness.localnet.admin.setProfile('default', {});
    }
    const done = await untilDone(jobId);
    expect(done.status).toBe('cancelled');
    expect(done.report.aborted).toBe(true);
    expect(done.scannedWallets % BATCH).toBe(0);
    expect(done.report.scanResults).toHaveLength(done.scannedWallets);
    const finished = await call(operator, 'POST', '/api/solana/deep-scan/abort', { jobId });
    expect(finished.statusCode, finished.body).toBe(409);
    expect(errorBodySchema.parse(finished.json()).code).toBe('SCAN__SYNC_FINISHED');
    const foreign = await update(done, other);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(errorBodySchema.parse(foreign.json()).code).toBe('JOB__NOT_FOUND');
  }, 120_000);

  it('refuses an update over 1 MiB with 413 and bodies that are not the contract with 400', async () => {
    const jobId = randomUUID();
    const big = Array.from({ length: 9_000 }, (_, index) => ({
      addr: `${newTestKeypair().address}`,
      status: 'ok',
      tokensFound: index,
      error: 'x'.repeat(80),
    }));
    const tooLarge = await call(operator, 'POST', '/api/solana/deep-scan/update-supabase', {
      scanSummary: { jobId, scanResults: big },
    });
    expect(tooLarge.statusCode, tooLarge.body.slice(0, 200)).toBe(413);
    for (const payload of [
      {},
      { scanSummary: { scanResults: [] } },
      { scanSummary: { jobId: 'nope', scanResults: [] } },
      { scanSummary: { jobId, scanResults: [{ addr: 'a', status: 'maybe' }] } },
    ]) {
      const response = await call(
        operator,
        'POST',
        '/api/solana/deep-scan/update-supabase',
        payload,
      );
      expect(response.statusCode, response.body).toBe(400);
    }
    for (const payload of [{ publicAddresses: [] }, { publicAddresses: ['x'], jobId: 'nope' }]) {
      const response = await call(operator, 'POST', '/api/solana/deep-scan/scan-wallets', payload);
      expect(response.statusCode, response.body).toBe(400);
    }
  });
});
