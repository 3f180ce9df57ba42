import {
  operationDetailSchema,
  solPlanSchema,
  type JobView,
  type Lamports,
  type OperationDetail,
} from '@fleet/core';
import { createSolanaRpc, signature } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';

const AMOUNT = 2_000_000n as Lamports;
const WALLETS = 48;
const ENDPOINTS = ['a', 'b'] as const;

/** Runs a stored plan as a `sol.operation` job to its end and reads back the ledger's account. */
async function execute(
  bed: SolTestBed,
  kind: 'sol.distribute' | 'sol.aggregate',
  planId: string,
): Promise<{ job: JobView; detail: OperationDetail }> {
  const { jobId, operationId } = await bed.services.solExecute.execute(bed.actor, kind, planId);
  const job = await bed.runToEnd(jobId);
  const detail = operationDetailSchema.parse(
    await bed.services.ledger.getOperation(bed.actor, operationId),
  );
  return { job, detail };
}

/** What the localnet's endpoints did with the sends they were given, summed over the pool. */
function sendCounts(bed: SolTestBed): { sends: number; lostAcks: number } {
  let sends = 0;
  let lostAcks = 0;
  for (const name of ENDPOINTS) {
    const counters = bed.localnet.admin.counters(name);
    sends += counters.requestsByMethod['sendTransaction'] ?? 0;
    lostAcks += counters.lostAcks;
  }
  return { sends, lostAcks };
}

/**
 * The ledger's proof that no payment was made twice: each item is held by exactly one signed
 * transaction, none expired (an expiry is what would allow a re-sign), every one confirmed.
 */
function expectSignedOncePerItem(detail: OperationDetail): void {
  const signedPerItem = new Map<string, number>();
  for (const tx of detail.transactions) {
    if (tx.signature === null) continue;
    for (const id of tx.itemIds) signedPerItem.set(id, (signedPerItem.get(id) ?? 0) + 1);
  }
  expect(detail.items.filter((item) => signedPerItem.get(item.id) !== 1)).toEqual([]);
  expect(detail.transactions.filter((tx) => tx.state !== 'confirmed')).toEqual([]);
  expect(detail.items.every((item) => item.status === 'confirmed')).toBe(true);
}

/** Lines where the job says it signed payments again: a lost acknowledgement must never cause one. */
const reSignLines = (job: JobView) => job.logs.filter((line) => /signed again/.test(line.message));

// Issue 17, "Trust" 3: a send that lands while its sender gets an error (HTTP 503 or a reset
// connection, as a provider that times out after handing the transaction on) is found by its
// signature and never sent again as a new transaction.
describe('SOL operations whose send acknowledgements are lost', () => {
  let bed: SolTestBed | undefined;
  afterEach(async () => {
    await bed?.close();
    bed = undefined;
  });

  it('find every landed send by its signature and pay each wallet once, distributing and sweeping back', async () => {
    // Every send lands and every answer to one is lost: no send ever tells the job it worked,
    // so each confirmation in the ledger can only have come from a signature status.
    bed = await createSolTestBed({
      kind: 'pglite',
      endpoints: {
        a: { lostAckRate: 1, lostAckKind: 'http-503', seed: 3 },
        b: { lostAckRate: 1, lostAckKind: 'reset', seed: 5 },
      },
    });
    const made = await bed.services.walletLifecycle.create(bed.actor, {
      count: WALLETS,
      isTrader: false,
    });
    const addresses = made.wallets.map((wallet) => wallet.address);

    // Distribution: master → 48 wallets.
    const distribution = solPlanSchema.parse(
      await bed.services.solPlans.planDistribution(
        bed.actor,
        made.wallets.map((wallet) => ({ walletId: wallet.id, amountSol: AMOUNT })),
      ),
    );
    expect(distribution.ready).toBe(true);
    const masterBefore = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    const paid = await execute(bed, 'sol.distribute', distribution.planId);
    expect(paid.job.status).toBe('succeeded');
    expect(paid.job.report).toMatchObject({ succeeded: WALLETS, failed: 0, pending: 0 });
    const afterPay = await bed.balances([bed.master, ...addresses]);
    expect(addresses.filter((address) => afterPay.get(address) !== AMOUNT)).toEqual([]);
    expect(masterBefore - (afterPay.get(bed.master) ?? 0n)).toBe(
      BigInt(distribution.amountLamports) + BigInt(distribution.costs.totalFeeLamports),
    );
    expectSignedOncePerItem(paid.detail);
    expect(paid.detail.transactions).toHaveLength(distribution.transactions.length);
    expect(reSignLines(paid.job)).toEqual([]);
    const afterDistribution = sendCounts(bed);
    // Each transaction's bytes reached a node once, landed, and the answer was lost; sending them
    // again would have needed a status that did not find them, which a landed transaction never gets.
    expect(afterDistribution.lostAcks).toBe(afterDistribution.sends);
    expect(afterDistribution.sends).toBe(paid.detail.transactions.length);

    // Sweep back: each wallet pays its own fee and signs its own transaction, so 48 lost answers
    // more; the master gains exactly what the plan moves, each wallet's SOL once.
    const sweep = solPlanSchema.parse(
      await bed.services.solPlans.planAggregation(bed.actor, {
        walletIds: made.wallets.map((wallet) => wallet.id),
        feeStrategy: 'child',
      }),
    );
    expect(sweep.ready).toBe(true);
    const swept = await execute(bed, 'sol.aggregate', sweep.planId);
    expect(swept.job.status).toBe('succeeded');
    expect(swept.job.report).toMatchObject({ succeeded: WALLETS, failed: 0, pending: 0 });
    const afterSweep = await bed.balances([bed.master, ...addresses]);
    expect(addresses.filter((address) => afterSweep.get(address) !== 0n)).toEqual([]);
    expect((afterSweep.get(bed.master) ?? 0n) - (afterPay.get(bed.master) ?? 0n)).toBe(
      BigInt(sweep.amountLamports),
    );
    expectSignedOncePerItem(swept.detail);
    expect(swept.detail.transactions).toHaveLength(WALLETS);
    expect(reSignLines(swept.job)).toEqual([]);
    const total = sendCounts(bed);
    expect(total.lostAcks).toBe(total.sends);
    expect(total.sends - afterDistribution.sends).toBe(WALLETS);
    // The signatures the ledger confirmed are on chain, each with no error.
    const ledgerSignatures = [...paid.detail.transactions, ...swept.detail.transactions].map((tx) =>
      signature(tx.signature ?? ''),
    );
    const { value } = await createSolanaRpc(bed.localnet.url)
      .getSignatureStatuses(ledgerSignatures, { searchTransactionHistory: true })
      .send();
    expect(value.filter((status) => status?.err !== null)).toEqual([]);
  }, 180_000);
});
