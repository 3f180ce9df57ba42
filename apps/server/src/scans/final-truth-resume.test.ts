import { createEndpointPool, createWalletScanner, type WalletScanner } from '@fleet/chain';
import { schema } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Killed, memoryJobContext } from '../testing/memory-job-context';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { createFinalTruthScanJob, type FinalTruthCheckpoint } from './final-truth-scan-job';

const SOL = 1_000_000_000n;

describe.each(testDatabaseKinds)('A Final Truth Scan resumed after a crash on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let wallets: { id: string; address: string }[] = [];
  const scanned: string[][] = [];
  /** Each scan's starting concurrency as asked, and where the scan ended it. */
  const paces: { asked: number | undefined; ended: number }[] = [];
  let scanner: WalletScanner;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'resume@example.com');
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/create-wallet',
      cookies: { fleet_session: operator.cookie },
      payload: { count: 10 },
    });
    expect(created.statusCode, created.body).toBe(200);
    wallets = created.json<{ wallets: { id: string; address: string }[] }>().wallets;
    for (const [index, wallet] of wallets.entries()) {
      await harness.localnet.admin.fund(wallet.address, BigInt(index + 1) * SOL);
    }
    const real = createWalletScanner({
      pool: createEndpointPool({ endpoints: [harness.localnet.url] }),
    });
    scanner = {
      mints: real.mints,
      rescan: (known, options) => real.rescan(known, options),
      scan: async (owners, options) => {
        scanned.push([...owners]);
        const report = await real.scan(owners, options);
        paces.push({ asked: options?.startConcurrency, ended: report.stats.concurrency.end });
        return report;
      },
    };
  }, 120_000);
  afterAll(async () => {
    await harness.close();
  });

  it('goes on after the last recorded batch; a batch written but not recorded is scanned again', async () => {
    const job = createFinalTruthScanJob({ db: harness.database.db, scanner, batchSize: 4 });
    const params = { walletIds: wallets.map((wallet) => wallet.id) };
    const first = memoryJobContext<FinalTruthCheckpoint>(operator.tenantId, undefined, {
      killAtCheckpoint: 2,
    });
    // The second batch is written, then the process dies before its checkpoint is stored.
    await expect(job.run(params, first.context)).rejects.toBeInstanceOf(Killed);
    expect(first.state.checkpoint?.nextIndex).toBe(4);

    const second = memoryJobContext(operator.tenantId, first.state.checkpoint, {
      processed: first.state.checkpoint?.nextIndex ?? 0,
    });
    await job.run(params, second.context);
    const addresses = wallets.map((wallet) => wallet.address);
    expect(scanned).toEqual([
      addresses.slice(0, 4),
      addresses.slice(4, 8),
      // read while the second batch was written, and dropped with the process
      addresses.slice(8, 10),
      // the second run: the batch written but never recorded, again, then the rest
      addresses.slice(4, 8),
      addresses.slice(8, 10),
    ]);
    expect(second.state.logs[0]).toBe('Resuming at wallet 5 of 10');
    expect(second.state.processed).toBe(10);
    const report = second.state.report as FinalTruthCheckpoint['report'];
    // One result per wallet, the rescanned batch counted once.
    expect(report.results.map((result) => result.address)).toEqual(addresses);
    expect(report.stats).toMatchObject({ scannedWallets: 10, batches: 3 });
    expect(report.done).toBe(true);

    const rows = await harness.database.db
      .select({ id: schema.wallets.id, lamports: schema.wallets.lamports })
      .from(schema.wallets)
      .where(
        inArray(
          schema.wallets.id,
          wallets.map((wallet) => wallet.id),
        ),
      );
    const lamportsOf = new Map(rows.map((row) => [row.id, row.lamports]));
    wallets.forEach((wallet, index) => {
      expect(lamportsOf.get(wallet.id)).toBe(BigInt(index + 1) * SOL);
    });
  }, 120_000);

  it('starts each batch at the concurrency the last batch ended on', async () => {
    paces.length = 0;
    const job = createFinalTruthScanJob({ db: harness.database.db, scanner, batchSize: 4 });
    await job.run(
      { walletIds: wallets.map((wallet) => wallet.id) },
      memoryJobContext<FinalTruthCheckpoint>(operator.tenantId, undefined).context,
    );
    expect(paces).toHaveLength(3);
    expect(paces[0]?.asked).toBeUndefined();
    expect(paces.slice(1).map((pace) => pace.asked)).toEqual(
      paces.slice(0, -1).map((pace) => pace.ended),
    );
  }, 120_000);
});
