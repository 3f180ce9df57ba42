import { createEndpointPool, parseRpcUrlList, type EndpointPool } from '@fleet/chain';
import {
  associatedTokenAddress,
  operationDetailSchema,
  systemClock,
  type Address,
  type OperationDetail,
} from '@fleet/core';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobContext } from '../jobs/job-handler';
import { createKeyVault, kekFromBytes } from '../vault';
import { RATE_LIMIT_STORMS, backOffBroken } from '../testing/rate-limit-storm';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { createTokenFixtures, type TokenFixtures } from '../testing/token-fixtures';
import { readRawAccounts, tokenAccountOf } from './chain-token-state';
import { createTokenTransferExecuteService } from './token-transfer-execute-service';
import { createTokenTransferJobs } from './token-transfer-job';

type Endpoints = Parameters<typeof createSolTestBed>[0]['endpoints'];

interface Bed {
  readonly bed: SolTestBed;
  /** Reads the localnet itself, not through the faulty endpoints. */
  readonly direct: EndpointPool;
  readonly fixtures: TokenFixtures;
  readonly wallets: { id: string; address: Address }[];
}

async function bedWith(
  endpoints: Endpoints,
  wallets: number,
  options: { readonly sendLanes?: number } = {},
): Promise<Bed> {
  const bed = await createSolTestBed({ kind: 'pglite', endpoints, ...options });
  const made = await bed.services.walletLifecycle.create(bed.actor, {
    count: wallets,
    isTrader: false,
  });
  return {
    bed,
    direct: createEndpointPool({ endpoints: [bed.localnet.url] }),
    fixtures: createTokenFixtures(bed.localnet),
    wallets: made.wallets.map((wallet) => ({ id: wallet.id, address: wallet.address as Address })),
  };
}

/** The amount of each token account on chain; null for one that does not exist. */
async function amounts(held: Bed, accounts: readonly string[]): Promise<(bigint | null)[]> {
  const raw = await readRawAccounts(held.direct, accounts, 'test accounts');
  return accounts.map((at) => tokenAccountOf(at, raw.get(at) ?? null)?.amount ?? null);
}

/** Items not held by exactly one signed transaction: an item signed twice, or never. */
function notSignedOnce(detail: OperationDetail): string[] {
  const signed = new Map<string, number>();
  for (const tx of detail.transactions) {
    if (tx.signature === null) continue;
    for (const id of tx.itemIds) signed.set(id, (signed.get(id) ?? 0) + 1);
  }
  return detail.items.filter((item) => signed.get(item.id) !== 1).map((item) => item.id);
}

async function runWithdrawal(held: Bed, planId: string) {
  const { bed } = held;
  const { jobId, operationId } = await bed.services.tokenTransferExecute.execute(
    bed.actor,
    'token.withdraw',
    planId,
  );
  const job = await bed.runToEnd(jobId);
  const progress = await bed.services.tokenTransferProgress.progress(
    bed.actor,
    'token.withdraw',
    jobId,
  );
  const detail = operationDetailSchema.parse(
    await bed.services.ledger.getOperation(bed.actor, operationId),
  );
  return { job, progress, detail };
}

// Issue 19, "Trust", for SPL withdrawals and distributions on the localnet's fault profiles
// (PGlite: the faults are the chain's): no token sent twice, nothing left half done unreported.
describe('SPL transfers through faulty endpoints', () => {
  let held: Bed | undefined;
  afterEach(async () => {
    await held?.bed.close();
    held = undefined;
  });

  it.each<[string, Endpoints]>([
    ['dropped sends', { a: { dropSendRate: 0.6, seed: 7 }, b: { dropSendRate: 0.6, seed: 11 } }],
    [
      'lost acknowledgements',
      {
        a: { lostAckRate: 1, lostAckKind: 'http-503', seed: 3 },
        b: { lostAckRate: 1, lostAckKind: 'reset', seed: 5 },
      },
    ],
  ])(
    'withdraws and closes every account once despite %s',
    async (_, endpoints) => {
      held = await bedWith(endpoints, 6);
      const { bed, fixtures, wallets } = held;
      const token = (await fixtures.createMint({ decimals: 6 })) as Address;
      const token2022 = (await fixtures.createMint({
        decimals: 6,
        program: 'token-2022',
      })) as Address;
      const sources: string[] = [];
      for (const wallet of wallets) {
        sources.push(
          await fixtures.createTokenAccount({ owner: wallet.address, mint: token, amount: 10n }),
          await fixtures.createTokenAccount({
            owner: wallet.address,
            mint: token2022,
            amount: 20n,
          }),
        );
      }
      const plan = await bed.services.tokenTransferPlans.planWithdrawal(bed.actor, {
        publicAddresses: [],
        closeEmptied: true,
      });
      expect(plan.accounts).toBe(12);
      const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      const { job, progress, detail } = await runWithdrawal(held, plan.planId);
      expect(job.status).toBe('succeeded');
      expect(progress.report.errors).toEqual([]);
      expect(notSignedOnce(detail)).toEqual([]);
      expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
      expect(job.logs.filter((line) => /signed again/.test(line.message))).toEqual([]);
      // On chain: every source closed, the master holding each token once over.
      expect(await amounts(held, sources)).toEqual(sources.map(() => null));
      const master = bed.master as Address;
      expect(
        await amounts(held, [
          associatedTokenAddress(master, token, 'token'),
          associatedTokenAddress(master, token2022, 'token2022'),
        ]),
      ).toEqual([60n, 120n]);
      const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      expect(after - before).toBe(BigInt(plan.netLamports));
    },
    90_000,
  );

  // Spec 3 §9's back-off, counted in requests (testing/rate-limit-storm.ts).
  it.each(RATE_LIMIT_STORMS)(
    'withdraws every balance once through a 429 storm on %s, the pool backing off',
    async (_, endpoints) => {
      held = await bedWith(endpoints, 6);
      const { bed, fixtures, wallets } = held;
      const token = (await fixtures.createMint({ decimals: 6 })) as Address;
      const token2022 = (await fixtures.createMint({
        decimals: 6,
        program: 'token-2022',
      })) as Address;
      const sources: string[] = [];
      for (const wallet of wallets) {
        sources.push(
          await fixtures.createTokenAccount({ owner: wallet.address, mint: token, amount: 10n }),
          await fixtures.createTokenAccount({
            owner: wallet.address,
            mint: token2022,
            amount: 20n,
          }),
        );
      }
      const plan = await bed.services.tokenTransferPlans.planWithdrawal(bed.actor, {
        publicAddresses: [],
        closeEmptied: true,
      });
      expect(plan.accounts).toBe(12);
      const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      const { job, progress, detail } = await runWithdrawal(held, plan.planId);
      expect(job.status).toBe('succeeded');
      expect(progress.report.errors).toEqual([]);
      expect(notSignedOnce(detail)).toEqual([]);
      expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
      expect(await amounts(held, sources)).toEqual(sources.map(() => null));
      const master = bed.master as Address;
      expect(
        await amounts(held, [
          associatedTokenAddress(master, token, 'token'),
          associatedTokenAddress(master, token2022, 'token2022'),
        ]),
      ).toEqual([60n, 120n]);
      const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      expect(after - before).toBe(BigInt(plan.netLamports));
      expect(backOffBroken(bed, endpoints)).toEqual([]);
    },
    90_000,
  );

  it.each(RATE_LIMIT_STORMS)(
    'pays every recipient of a distribution once through a 429 storm on %s, the pool backing off',
    async (_, endpoints) => {
      // Five transactions in flight at once, so requests overlap and meet the storming limit.
      held = await bedWith(endpoints, 40);
      const { bed, fixtures, wallets } = held;
      const master = bed.master as Address;
      const mint = (await fixtures.createMint({ decimals: 0, program: 'token-2022' })) as Address;
      await fixtures.createTokenAccount({ owner: master, mint, amount: 1_000n });
      const plan = await bed.services.tokenTransferPlans.planDistribution(bed.actor, {
        mint,
        unit: 'raw',
        amountEach: '7',
        recipients: wallets.map((wallet) => ({ walletId: wallet.id })),
      });
      const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      const { jobId, operationId } = await bed.services.tokenTransferExecute.execute(
        bed.actor,
        'token.distribute',
        plan.planId,
      );
      const job = await bed.runToEnd(jobId);
      expect(job.status).toBe('succeeded');
      const detail = operationDetailSchema.parse(
        await bed.services.ledger.getOperation(bed.actor, operationId),
      );
      expect(notSignedOnce(detail)).toEqual([]);
      expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
      expect(
        await amounts(
          held,
          wallets.map((wallet) => associatedTokenAddress(wallet.address, mint, 'token2022')),
        ),
      ).toEqual(wallets.map(() => 7n));
      expect(await amounts(held, [associatedTokenAddress(master, mint, 'token2022')])).toEqual([
        1_000n - 40n * 7n,
      ]);
      const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      expect(before - after).toBe(BigInt(plan.totalLamports));
      expect(backOffBroken(bed, endpoints)).toEqual([]);
    },
    90_000,
  );

  it('reports a transfer that lands failed because its source fell after the plan, and does not retry it', async () => {
    held = await bedWith({ a: {} }, 2);
    const { bed, fixtures, wallets } = held;
    const [big, small] = wallets;
    if (!big || !small) throw new Error('wallets');
    // Eight mints (the master holding an account for each) fill the big wallet's own
    // transaction; the small wallet's one account has its own.
    const bigAccounts: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const mint = await fixtures.createMint({ decimals: 0 });
      await fixtures.createTokenAccount({ owner: bed.master, mint });
      bigAccounts.push(await fixtures.createTokenAccount({ owner: big.address, mint, amount: 5n }));
    }
    const mint = (await fixtures.createMint({ decimals: 0 })) as Address;
    await fixtures.createTokenAccount({ owner: bed.master, mint });
    const smallAccount = await fixtures.createTokenAccount({
      owner: small.address,
      mint,
      amount: 9n,
    });
    const plan = await bed.services.tokenTransferPlans.planWithdrawal(bed.actor, {
      publicAddresses: [],
      closeEmptied: false,
    });
    expect(plan.transactions.map((tx) => tx.owners)).toEqual([[big.address], [small.address]]);
    // Between the plan and the send, the small wallet's balance drops below what is planned.
    await fixtures.createTokenAccount({
      owner: small.address,
      mint,
      address: smallAccount,
      amount: 4n,
    });
    const { job, progress, detail } = await runWithdrawal(held, plan.planId);
    expect(job.status).toBe('succeeded');
    expect(detail.transactions.map((tx) => tx.state).sort()).toEqual(['confirmed', 'failed']);
    expect(notSignedOnce(detail)).toEqual([]);
    expect(progress.report.errors).toEqual([
      expect.objectContaining({ wallet: small.address, tokenAccount: smallAccount, mint }),
    ]);
    expect(progress.report.totals).toMatchObject({
      succeededWallets: 1,
      failedWallets: 1,
      failedTransfers: 1,
      transfers: 8,
    });
    expect(job.logs.some((line) => /failed on chain/.test(line.message))).toBe(true);
    // The failed one moved nothing and was not sent again; the others went.
    expect(await amounts(held, [smallAccount])).toEqual([4n]);
    expect(await amounts(held, bigAccounts)).toEqual(bigAccounts.map(() => 0n));
  }, 60_000);

  it('stops between transactions when aborted: what was signed lands, the rest is reported unsent', async () => {
    // Every answer slow and one send at a time: each transaction takes several round trips of
    // 300 ms, so the abort asked for when the first has landed comes long before the last.
    held = await bedWith({ a: { latencyMs: 300 } }, 40, { sendLanes: 1 });
    const { bed, fixtures, wallets } = held;
    const master = bed.master as Address;
    const mint = (await fixtures.createMint({ decimals: 3 })) as Address;
    await fixtures.createTokenAccount({ owner: master, mint, amount: 1_000_000n });
    const plan = await bed.services.tokenTransferPlans.planDistribution(bed.actor, {
      mint,
      unit: 'raw',
      amountEach: '250',
      recipients: wallets.map((wallet) => ({ walletId: wallet.id })),
    });
    expect(plan.transactions.length).toBeGreaterThanOrEqual(3);
    const { jobId, operationId } = await bed.services.tokenTransferExecute.execute(
      bed.actor,
      'token.distribute',
      plan.planId,
    );
    // Abort once the first transaction has landed.
    for (let attempt = 0; attempt < 2_000; attempt += 1) {
      const now = await bed.services.tokenTransferProgress.progress(
        bed.actor,
        'token.distribute',
        jobId,
      );
      if (now.report.totals.transfers > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await bed.services.jobs.requestAbort(bed.actor, jobId);
    const job = await bed.runToEnd(jobId);
    expect(job.status).toBe('cancelled');
    const progress = await bed.services.tokenTransferProgress.progress(
      bed.actor,
      'token.distribute',
      jobId,
    );
    const detail = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(notSignedOnce(detail).length).toBe(
      detail.items.filter((item) => item.status === 'pending').length,
    );
    const received = await amounts(
      held,
      wallets.map((wallet) => associatedTokenAddress(wallet.address, mint, 'token')),
    );
    const paid = received.filter((amount) => amount === 250n).length;
    // Every recipient got its amount once or nothing; the report says which.
    expect(received.every((amount) => amount === 250n || amount === null)).toBe(true);
    expect(paid).toBe(progress.report.totals.transfers);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(40);
    expect(progress.report.errors).toHaveLength(40 - paid);
    expect(progress.report.errors[0]?.message).toBe(
      'Not sent: the job stopped before this transfer',
    );
  }, 90_000);

  it('resumes a distribution whose run died mid-send: the stored bytes again, nothing signed twice', async () => {
    held = await bedWith({ dead: { dropSendRate: 1 }, live: {} }, 24);
    const { bed, fixtures, wallets } = held;
    const master = bed.master as Address;
    const mint = (await fixtures.createMint({ decimals: 0, program: 'token-2022' })) as Address;
    await fixtures.createTokenAccount({ owner: master, mint, amount: 1_000n });
    const plan = await bed.services.tokenTransferPlans.planDistribution(bed.actor, {
      mint,
      unit: 'raw',
      amountEach: '7',
      recipients: wallets.map((wallet) => ({ walletId: wallet.id })),
    });
    // The operation and its job without the queue: the test runs the handler itself.
    const execute = createTokenTransferExecuteService({
      db: bed.database.db,
      jobs: { ...bed.services.jobs, dispatch: () => Promise.resolve() },
      audit: bed.services.audit,
      now: () => new Date(),
    });
    const { jobId, operationId } = await execute.execute(
      bed.actor,
      'token.distribute',
      plan.planId,
    );
    const handler = (endpoint: string) => {
      const [, distribute] = createTokenTransferJobs({
        db: bed.database.db,
        pool: createEndpointPool({
          endpoints: parseRpcUrlList(bed.localnet.endpoints[endpoint]?.url ?? ''),
        }),
        vault: createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(9)) }),
        clock: systemClock,
        logger: pino({ level: 'silent' }),
      });
      if (!distribute) throw new Error('no distribution job');
      return distribute;
    };
    const context = (signal: AbortSignal): JobContext<null> => ({
      jobId,
      tenantId: bed.actor.tenantId,
      checkpoint: undefined,
      processedItems: 0,
      totalItems: 0,
      progress: () => Promise.resolve(),
      log: () => Promise.resolve(),
      report: () => Promise.resolve(),
      isCancelRequested: () => Promise.resolve(false),
      signal,
    });

    // 1. the first run: signed, recorded, sent into the void, then the process is gone
    const dies = new AbortController();
    setTimeout(() => dies.abort(), 2_000);
    await expect(handler('dead').run({ operationId }, context(dies.signal))).rejects.toThrow();
    const first = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    const recorded = first.transactions.filter((tx) => tx.signature !== null);
    expect(recorded.length).toBeGreaterThan(0);
    // 2. the resumed run on a healthy endpoint
    await handler('live').run({ operationId }, context(new AbortController().signal));
    const second = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(second.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
    for (const tx of recorded) {
      expect(second.transactions.find((other) => other.id === tx.id)?.signature).toBe(tx.signature);
    }
    expect(notSignedOnce(second)).toEqual([]);
    const received = await amounts(
      held,
      wallets.map((wallet) => associatedTokenAddress(wallet.address, mint, 'token2022')),
    );
    expect(received).toEqual(wallets.map(() => 7n));
    expect(await amounts(held, [associatedTokenAddress(master, mint, 'token2022')])).toEqual([
      1_000n - 24n * 7n,
    ]);
  }, 60_000);
});
