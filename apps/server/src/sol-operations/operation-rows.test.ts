import { operationDetailSchema, solPlanSchema, type Lamports } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { asc, eq } from 'drizzle-orm';
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  materializeTransactions,
  readMaterialized,
  skeletonRowId,
} from '../ledger/deferred-operation';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { createSolExecuteService } from './sol-execute-service';
import { skeletonOfBuild, startRowWriter } from './operation-rows';
import { solPlanBuildSchema } from './sol-plan-build';
import { systemClock } from '@fleet/core';

const AMOUNT = 1_000_000n as Lamports;
const WALLETS = 150;

/** WALLETS new wallets of the tenant, and a stored plan paying each of them AMOUNT. */
async function planForNewWallets(bed: SolTestBed) {
  const made = await bed.services.walletLifecycle.create(bed.actor, {
    count: WALLETS,
    isTrader: false,
  });
  const plan = solPlanSchema.parse(
    await bed.services.solPlans.planDistribution(
      bed.actor,
      made.wallets.map((wallet) => ({ walletId: wallet.id, amountSol: AMOUNT })),
    ),
  );
  return { made, plan };
}

/**
 * Executes a plan whose job the queue hears of only when the test says so: the operation as a
 * restart would find it when the server died right after the execution committed.
 */
async function executeHeld(bed: SolTestBed, planId: string) {
  const held: { tenantId: string; jobId: string }[] = [];
  const execute = createSolExecuteService({
    db: bed.database.db,
    jobs: {
      ...bed.services.jobs,
      dispatch: (tenantId, jobId) => {
        held.push({ tenantId, jobId });
        return Promise.resolve();
      },
    },
    audit: bed.services.audit,
    now: () => new Date(),
  });
  const created = await execute.execute(bed.actor, 'sol.distribute', planId);
  expect(held).toEqual([{ tenantId: bed.actor.tenantId, jobId: created.jobId }]);
  return created;
}

const rowsOf = (bed: SolTestBed, operationId: string) =>
  withTenant(bed.database.db, bed.actor.tenantId, async (tx) => ({
    materialized: await readMaterialized(tx, operationId),
    items: await tx
      .select({ id: schema.operationItems.id, position: schema.operationItems.position })
      .from(schema.operationItems)
      .where(eq(schema.operationItems.operationId, operationId))
      .orderBy(asc(schema.operationItems.position)),
    transactions: await tx
      .select({
        id: schema.ledgerTransactions.id,
        position: schema.ledgerTransactions.position,
        state: schema.ledgerTransactions.state,
      })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.operationId, operationId))
      .orderBy(asc(schema.ledgerTransactions.position)),
  }));

const buildOf = async (bed: SolTestBed, operationId: string) => {
  const [row] = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
    tx
      .select({ parameters: schema.operations.parameters })
      .from(schema.operations)
      .where(eq(schema.operations.id, operationId)),
  );
  return solPlanBuildSchema.parse(row?.parameters['build']);
};

// Decision 029: executing a plan commits the operation row alone; its job writes the items and
// transactions in chunks ahead of its sends, each chunk committed before any of its transactions
// signs, so a restart finds a written prefix and writes the rest, the same rows by the same ids.
describe("a SOL operation's rows, written by its job ahead of its sends", () => {
  let bed: SolTestBed | undefined;
  afterEach(async () => {
    await bed?.close();
    bed = undefined;
  });

  it('are written in order after a restart that found only the first chunk, and every wallet is paid once', async () => {
    bed = await createSolTestBed({ kind: 'pglite', endpoints: { a: {} } });
    const { made, plan } = await planForNewWallets(bed);
    expect(plan.transactions.length).toBeGreaterThan(3);
    const { jobId, operationId } = await executeHeld(bed, plan.planId);

    // The execution wrote the operation, and no item or transaction of it.
    expect(await rowsOf(bed, operationId)).toEqual({
      materialized: 0,
      items: [],
      transactions: [],
    });
    // The operation's totals are already its items' (the job's progress counts from them).
    const detail = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(detail.totals.wallets).toBe(WALLETS);

    // A run that died after its first chunk: three transactions' rows, and their items.
    const skeleton = skeletonOfBuild(operationId, await buildOf(bed, operationId));
    const wrote = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      materializeTransactions(tx, {
        tenantId: bed?.actor.tenantId ?? '',
        skeleton,
        from: 0,
        to: 3,
        now: new Date(),
      }),
    );
    expect(wrote).toBe(true);
    // A second writer of the same chunk writes nothing: the watermark has moved.
    const again = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      materializeTransactions(tx, {
        tenantId: bed?.actor.tenantId ?? '',
        skeleton,
        from: 0,
        to: 3,
        now: new Date(),
      }),
    );
    expect(again).toBe(false);
    const partial = await rowsOf(bed, operationId);
    expect(partial.materialized).toBe(3);
    expect(partial.transactions.map((row) => row.position)).toEqual([0, 1, 2]);
    const paidByFirstThree = plan.transactions.slice(0, 3).reduce((n, t) => n + t.transfers, 0);
    expect(partial.items).toHaveLength(paidByFirstThree);

    // The job, heard of now, writes the rest ahead of its sends and pays each wallet once.
    await bed.services.jobs.dispatch(bed.actor.tenantId, jobId);
    const job = await bed.runToEnd(jobId);
    expect(job.status).toBe('succeeded');
    expect(job.report).toMatchObject({ succeeded: WALLETS, failed: 0, pending: 0 });
    const after = await bed.balances(made.wallets.map((wallet) => wallet.address));
    expect([...after.values()].filter((lamports) => lamports !== AMOUNT)).toEqual([]);

    const whole = await rowsOf(bed, operationId);
    expect(whole.materialized).toBe(plan.transactions.length);
    expect(whole.items.map((row) => row.id)).toEqual(skeleton.items.map((item) => item.id));
    expect(whole.transactions.map((row) => row.id)).toEqual(
      skeleton.transactions.map((planned) => planned.id),
    );
    expect(whole.transactions.every((row) => row.state === 'confirmed')).toBe(true);
  }, 120_000);

  it('are written once when another run moved the watermark past the writer, and ready in order', async () => {
    bed = await createSolTestBed({ kind: 'pglite', endpoints: { a: {} } });
    const { plan } = await planForNewWallets(bed);
    const { operationId } = await executeHeld(bed, plan.planId);
    const skeleton = skeletonOfBuild(operationId, await buildOf(bed, operationId));
    const total = skeleton.transactions.length;
    const database = bed.database.db;
    const tenantId = bed.actor.tenantId;
    let chunks = 0;
    const abort = new AbortController();
    const writer = startRowWriter({
      bound: (work) =>
        withTenant(database, tenantId, async (tx) => {
          // Another run writes the first four transactions just before this writer's first chunk.
          if (chunks++ === 0) {
            await materializeTransactions(tx, {
              tenantId,
              skeleton,
              from: 0,
              to: 4,
              now: new Date(),
            });
          }
          return work(tx);
        }),
      tenantId,
      skeleton,
      from: 0,
      lead: 2,
      clock: systemClock,
      signal: abort.signal,
      onRetry: (error) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
    });
    const readyOrder: number[] = [];
    const last = skeleton.transactions.at(-1);
    const first = skeleton.transactions[0];
    // Four written, two ahead wanted, nobody waiting: the writer idles rather than write on.
    await writer.ready(first?.id ?? '');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rowsOf(bed, operationId)).materialized).toBe(4);
    // Two leave: still two ahead, so it waits again, each wait ending with its abort listener.
    for (const planned of skeleton.transactions.slice(0, 2)) writer.passed(planned.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await rowsOf(bed, operationId)).materialized).toBe(4);
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(1);
    // A transaction waiting for its row gets it, and those before it, whatever the lead.
    await Promise.all(
      [last, first].map((planned) =>
        writer.ready(planned?.id ?? '').then(() => readyOrder.push(planned?.position ?? -1)),
      ),
    );
    await writer.done();
    expect(readyOrder).toEqual([0, total - 1]);
    const rows = await rowsOf(bed, operationId);
    expect(rows.materialized).toBe(total);
    expect(rows.transactions.map((row) => row.position)).toEqual(
      Array.from({ length: total }, (_, i) => i),
    );
    expect(rows.items).toHaveLength(WALLETS);
    // Ids are the operation's and the row's place in it, whoever wrote them.
    expect(rows.items[0]?.id).toBe(skeletonRowId(operationId, 'item', 0));
    expect(skeletonRowId(operationId, 'item', 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(skeletonRowId(operationId, 'item', 0)).not.toBe(
      skeletonRowId(operationId, 'transaction', 0),
    );
  }, 120_000);
});
