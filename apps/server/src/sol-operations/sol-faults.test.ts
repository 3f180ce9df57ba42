import { operationDetailSchema, solPlanSchema, type Lamports } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { seedWallets } from '../testing/seed-wallets';
import { schema, withTenant } from '@fleet/db';
import { asc } from 'drizzle-orm';

const AMOUNT = 1_000_000n as Lamports;

async function recipientsOf(bed: SolTestBed) {
  return withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
    tx
      .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
      .from(schema.wallets)
      .orderBy(asc(schema.wallets.createdAt)),
  );
}

async function distribute(bed: SolTestBed, count: number) {
  await seedWallets(bed.database.db, bed.actor.tenantId, { count, tokensPerWallet: 0 });
  const recipients = await recipientsOf(bed);
  const plan = solPlanSchema.parse(
    await bed.services.solPlans.planDistribution(
      bed.actor,
      recipients.map((r) => ({ walletId: r.id, amountSol: AMOUNT })),
    ),
  );
  expect(plan.ready).toBe(true);
  const before = await bed.balances([bed.master]);
  const { jobId, operationId } = await bed.services.solExecute.execute(
    bed.actor,
    'sol.distribute',
    plan.planId,
  );
  const job = await bed.runToEnd(jobId);
  const after = await bed.balances([bed.master, ...recipients.map((r) => r.address)]);
  const detail = operationDetailSchema.parse(
    await bed.services.ledger.getOperation(bed.actor, operationId),
  );
  return {
    job,
    detail,
    plan,
    notPaidOnce: recipients.filter((r) => after.get(r.address) !== AMOUNT).length,
    masterDrift:
      (before.get(bed.master) ?? 0n) -
      (after.get(bed.master) ?? 0n) -
      (BigInt(plan.amountLamports) + BigInt(plan.costs.totalFeeLamports)),
  };
}

// Issue 17, "Trust" 2 and 5, on the localnet's fault profiles (PGlite: the faults are the chain's).
describe('SOL distribution through faulty endpoints', () => {
  let bed: SolTestBed | undefined;
  afterEach(async () => {
    await bed?.close();
    bed = undefined;
  });

  it('rebroadcasts the same bytes when sends are dropped, and pays each wallet once', async () => {
    bed = await createSolTestBed({
      kind: 'pglite',
      endpoints: { a: { dropSendRate: 0.6, seed: 7 }, b: { dropSendRate: 0.6, seed: 11 } },
    });
    const outcome = await distribute(bed, 100);
    expect(outcome.job.status).toBe('succeeded');
    expect(outcome.notPaidOnce).toBe(0);
    expect(outcome.masterDrift).toBe(0n);
    // Dropped sends were sent again as the same bytes: more broadcasts than transactions, and
    // no transaction signed twice (a re-sign only follows an expiry, which none reached).
    const broadcasts = outcome.detail.transactions.reduce((sum, tx) => sum + tx.broadcasts, 0);
    expect(broadcasts).toBeGreaterThan(outcome.detail.transactions.length);
    expect(outcome.detail.transactions).toHaveLength(outcome.plan.transactions.length);
    expect(outcome.detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
    const dropped = ['a', 'b'].reduce(
      (sum, name) => sum + (bed?.localnet.admin.counters(name).droppedSends ?? 0),
      0,
    );
    expect(dropped).toBeGreaterThan(0);
  }, 180_000);

  it('rides out a 429 storm on sendTransaction: Retry-After honoured, the job slows, nothing lost', async () => {
    // The pool is not told the send limit, so it meets the 429s and backs off per Retry-After.
    bed = await createSolTestBed({
      kind: 'pglite',
      endpoints: {
        a: { methodRps: { sendTransaction: 1 } },
        b: { methodRps: { sendTransaction: 1 } },
        c: { methodRps: { sendTransaction: 2 } },
      },
    });
    const outcome = await distribute(bed, 200);
    expect(outcome.job.status).toBe('succeeded');
    expect(outcome.notPaidOnce).toBe(0);
    expect(outcome.masterDrift).toBe(0n);
    const limited = ['a', 'b', 'c'].reduce(
      (sum, name) => sum + (bed?.localnet.admin.counters(name).rateLimited ?? 0),
      0,
    );
    expect(limited).toBeGreaterThan(0);
    expect(outcome.detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
  }, 180_000);

  it('reports a transfer that landed with an error as failed, with the reason, and does not retry it', async () => {
    bed = await createSolTestBed({ kind: 'pglite', endpoints: { a: {} } });
    const made = await bed.services.walletLifecycle.create(bed.actor, {
      count: 2,
      isTrader: false,
    });
    const [drained, kept] = made.wallets;
    if (!drained || !kept) throw new Error('two wallets expected');
    for (const wallet of made.wallets) await bed.localnet.admin.fund(wallet.address, 10_000_000n);
    // Each wallet pays its own fee and sends the rest: the plan fixes the amount now.
    const plan = solPlanSchema.parse(
      await bed.services.solPlans.planAggregation(bed.actor, {
        walletIds: made.wallets.map((w) => w.id),
        feeStrategy: 'child',
      }),
    );
    expect(plan.ready).toBe(true);
    // Between plan and execution one wallet loses most of its SOL: its transfer must fail on
    // chain (the fee is still charged) and stay failed.
    bed.localnet.admin.setAccount(drained.address, { lamports: 1_000_000n });
    const { jobId, operationId } = await bed.services.solExecute.execute(
      bed.actor,
      'sol.aggregate',
      plan.planId,
    );
    const job = await bed.runToEnd(jobId);
    expect(job.status).toBe('succeeded');
    expect(job.report).toMatchObject({ succeeded: 1, failed: 1 });
    const detail = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(detail.status).toBe('partlyFailed');
    const failedItem = detail.items.find((item) => item.from === drained.address);
    expect(failedItem?.status).toBe('failed');
    expect(failedItem?.failureReason).toBeTruthy();
    const failedTx = detail.transactions.filter((tx) => tx.itemIds.includes(failedItem?.id ?? ''));
    expect(failedTx).toHaveLength(1);
    expect(failedTx[0]?.state).toBe('failed');
    const balances = await bed.balances([drained.address, kept.address]);
    expect(balances.get(kept.address)).toBe(0n);
    // The failed transaction's fee was charged; nothing else left the drained wallet.
    expect(balances.get(drained.address)).toBeLessThan(1_000_000n);
    expect(balances.get(drained.address)).toBeGreaterThan(0n);

    // "Retry failed": a new operation for the failed wallet alone, linked to this one, once.
    const retry = solPlanSchema.parse(
      await bed.services.solPlans.planAggregation(bed.actor, {
        walletIds: [drained.id],
        feeStrategy: 'child',
        retryOf: operationId,
      }),
    );
    const retried = await bed.services.solExecute.execute(bed.actor, 'sol.aggregate', retry.planId);
    expect((await bed.runToEnd(retried.jobId)).report).toMatchObject({ succeeded: 1, failed: 0 });
    expect((await bed.balances([drained.address])).get(drained.address)).toBe(0n);
    const original = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(original.retriedBy).toBe(retried.operationId);
    await expect(
      bed.services.solPlans.planAggregation(bed.actor, {
        walletIds: [drained.id],
        feeStrategy: 'child',
        retryOf: operationId,
      }),
    ).rejects.toMatchObject({ code: 'OPERATION__ALREADY_RETRIED' });
  }, 120_000);
});
