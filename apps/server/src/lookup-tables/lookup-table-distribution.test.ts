import {
  operationDetailSchema,
  solPlanSchema,
  type Lamports,
  type LookupTableChoice,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { seedWallets } from '../testing/seed-wallets';
import { readUsableTables } from './read-tables';

const AMOUNT = 1_000_000n;

// Issue 17: "a per-tenant address lookup table of the fleet lets a v0 transaction hold 54 or
// more … the planner keeps one table per tenant, extends it with new wallets, and picks whichever
// plan is cheaper; the plan shows the comparison". One bed, runs in order: each builds on the last.
describe('distributions through the tenant’s lookup tables', () => {
  let bed: SolTestBed;
  let recipients: { id: string; address: string }[] = [];

  beforeAll(async () => {
    bed = await createSolTestBed({ kind: 'pglite', endpoints: { a: {}, b: {} } });
    await seedWallets(bed.database.db, bed.actor.tenantId, { count: 130, tokensPerWallet: 0 });
    recipients = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets)
        .orderBy(asc(schema.wallets.createdAt)),
    );
  }, 120_000);
  afterAll(async () => {
    await bed.close();
  });

  async function plan(wallets: readonly { id: string }[], lookupTable: LookupTableChoice) {
    return solPlanSchema.parse(
      await bed.services.solPlans.planDistribution(
        bed.actor,
        wallets.map((w) => ({ walletId: w.id, amountSol: AMOUNT as Lamports })),
        { lookupTable },
      ),
    );
  }

  async function run(planned: Awaited<ReturnType<typeof plan>>) {
    const { jobId, operationId } = await bed.services.solExecute.execute(
      bed.actor,
      'sol.distribute',
      planned.planId,
    );
    const job = await bed.runToEnd(jobId, 120_000);
    const detail = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    return { job, detail };
  }

  it('on a first run, auto stays legacy: building a table costs more than it saves once', async () => {
    const planned = await plan(recipients.slice(0, 100), 'auto');
    expect(planned.comparison?.chosen).toBe('legacy');
    expect(planned.transactions.every((tx) => tx.version === 'legacy')).toBe(true);
    const { lookupTable, legacy } = planned.comparison ?? {};
    expect(lookupTable?.tablesToCreate).toBe(1);
    expect(lookupTable?.addressesToAdd).toBe(100);
    expect(BigInt(lookupTable?.lookupTableRentLamports ?? '0')).toBeGreaterThan(0n);
    expect(BigInt(lookupTable?.totalFeeLamports ?? '0')).toBeGreaterThan(
      BigInt(legacy?.totalFeeLamports ?? '0'),
    );
  });

  it('always: creates and extends the table first, then pays through it, each wallet once', async () => {
    const before = await bed.balances([bed.master, ...recipients.map((r) => r.address)]);
    const planned = await plan(recipients.slice(0, 100), 'always');
    expect(planned.ready).toBe(true);
    expect(planned.comparison?.chosen).toBe('lookupTable');
    const setup = planned.transactions.filter((tx) => tx.leg === 'lookupTable');
    // One create, then 100 addresses at 29 an extension.
    expect(setup).toHaveLength(1 + Math.ceil(100 / 29));
    const transfers = planned.transactions.filter((tx) => tx.leg === 'direct');
    expect(transfers.every((tx) => tx.version === 'v0' && tx.sizeBytes <= 1232)).toBe(true);
    expect(transfers).toHaveLength(2);

    const { job, detail } = await run(planned);
    expect(job.status).toBe('succeeded');
    expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
    expect(detail.transactions).toHaveLength(planned.transactions.length);

    const after = await bed.balances([bed.master, ...recipients.map((r) => r.address)]);
    for (const r of recipients.slice(0, 100)) {
      expect((after.get(r.address) ?? 0n) - (before.get(r.address) ?? 0n)).toBe(AMOUNT);
    }
    // The master paid exactly what the plan said: amounts, fees, the tables' rent.
    const spent = (before.get(bed.master) ?? 0n) - (after.get(bed.master) ?? 0n);
    expect(spent).toBe(
      BigInt(planned.amountLamports) +
        BigInt(planned.costs.totalFeeLamports) +
        BigInt(planned.costs.lookupTableRentLamports),
    );
    // The table is the tenant's, on chain, holding the 100 recipients.
    const rows = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx.select().from(schema.lookupTables),
    );
    expect(rows).toHaveLength(1);
    const [table] = await readUsableTables(
      bed.pool,
      rows.map((row) => row.address),
      bed.master,
    );
    expect(new Set(table?.addresses)).toEqual(
      new Set(recipients.slice(0, 100).map((r) => r.address)),
    );
  }, 180_000);

  it('once the table holds the fleet, auto chooses it: fewer transactions, far less fee per wallet', async () => {
    const planned = await plan(recipients.slice(0, 100), 'auto');
    expect(planned.comparison?.chosen).toBe('lookupTable');
    expect(planned.comparison?.lookupTable.addressesToAdd).toBe(0);
    expect(planned.transactions.filter((tx) => tx.leg === 'lookupTable')).toHaveLength(0);
    const perWallet = BigInt(planned.costs.feePerWalletLamports);
    const legacyPerWallet = BigInt(planned.comparison?.legacy.feePerWalletLamports ?? '0');
    expect(perWallet).toBeLessThanOrEqual(100n);
    expect(perWallet * 2n).toBeLessThan(legacyPerWallet);

    const { job, detail } = await run(planned);
    expect(job.status).toBe('succeeded');
    expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
  }, 180_000);

  it('extends the same table with new wallets rather than making another', async () => {
    const planned = await plan(recipients.slice(0, 130), 'always');
    expect(planned.comparison?.lookupTable.tablesToCreate).toBe(0);
    expect(planned.comparison?.lookupTable.addressesToAdd).toBe(30);
    const { job } = await run(planned);
    expect(job.status).toBe('succeeded');
    const rows = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx.select().from(schema.lookupTables),
    );
    expect(rows).toHaveLength(1);
    const [table] = await readUsableTables(
      bed.pool,
      rows.map((row) => row.address),
      bed.master,
    );
    expect(table?.addresses).toHaveLength(130);
  }, 180_000);

  it('never: legacy whatever the table would save', async () => {
    const planned = await plan(recipients.slice(0, 100), 'never');
    expect(planned.comparison).toBeNull();
    expect(planned.transactions.every((tx) => tx.version === 'legacy')).toBe(true);
  });

  // Last: it wipes the table. A v0 transaction of 20 transfers or fewer is cut into one legacy
  // transaction holding all of it, which the job once took for the plan's own and never signed.
  it('a table gone between plan and execution: its transactions go legacy, each wallet paid once', async () => {
    const paid = recipients.slice(0, 60);
    const planned = await plan(paid, 'auto');
    expect(planned.comparison?.chosen).toBe('lookupTable');
    const transfers = planned.transactions.filter((tx) => tx.leg === 'direct');
    expect(transfers.every((tx) => tx.version === 'v0')).toBe(true);
    expect(transfers.some((tx) => tx.transfers <= 20)).toBe(true);
    const rows = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx.select().from(schema.lookupTables),
    );
    for (const row of rows) bed.localnet.admin.setAccount(row.address, { lamports: 0n });

    const before = await bed.balances(paid.map((r) => r.address));
    const { job, detail } = await run(planned);
    expect(job.status).toBe('succeeded');
    expect(detail.transactions.length).toBeGreaterThan(transfers.length);
    expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
    const after = await bed.balances(paid.map((r) => r.address));
    for (const r of paid) {
      expect((after.get(r.address) ?? 0n) - (before.get(r.address) ?? 0n)).toBe(AMOUNT);
    }
  }, 180_000);
});
