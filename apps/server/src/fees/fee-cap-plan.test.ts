import { solPlanSchema, type Lamports } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedSolPlanSchema } from '../sol-operations/sol-plan-build';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { seedWallets } from '../testing/seed-wallets';

// Issue 17: "the priority fee is the spec's unit price on that limit (configurable, capped per
// tenant)". The cap reaches the plan's figures and the build the execution signs.
describe('a tenant’s fee cap in its plans', () => {
  let bed: SolTestBed;
  let wallets: { id: string }[] = [];

  beforeAll(async () => {
    bed = await createSolTestBed({ kind: 'pglite', endpoints: { a: {} } });
    await seedWallets(bed.database.db, bed.actor.tenantId, { count: 20, tokensPerWallet: 0 });
    wallets = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx.select({ id: schema.wallets.id }).from(schema.wallets).orderBy(asc(schema.wallets.id)),
    );
  }, 120_000);
  afterAll(async () => {
    await bed.close();
  });

  const plan = async () =>
    solPlanSchema.parse(
      await bed.services.solPlans.planDistribution(
        bed.actor,
        wallets.map((w) => ({ walletId: w.id, amountSol: 1_000_000n as Lamports })),
        { lookupTable: 'never' },
      ),
    );
  /** The unit price the execution will sign with, as the stored plan holds it. */
  const storedPrice = async (planId: string) => {
    const rows = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx
        .select({ plan: schema.operationPlans.plan })
        .from(schema.operationPlans)
        .where(eq(schema.operationPlans.id, planId)),
    );
    return storedSolPlanSchema.parse(rows[0]?.plan).build.microLamportsPerUnit;
  };

  it('bids the server’s 5,000 µlamports/CU without a cap, and the cap when it is lower', async () => {
    const free = await plan();
    const [tx] = free.transactions;
    expect(tx).toBeDefined();
    // priority = ceil(limit × price / 1,000,000)
    const atPrice = (price: bigint) =>
      (BigInt(tx?.computeUnitLimit ?? 0) * price + 999_999n) / 1_000_000n;
    expect(BigInt(tx?.priorityFeeLamports ?? '0')).toBe(atPrice(5_000n));

    await bed.services.feeSettings.update(bed.actor, { maxMicroLamportsPerUnit: '1000' });
    const capped = await plan();
    expect(BigInt(capped.transactions[0]?.priorityFeeLamports ?? '0')).toBe(atPrice(1_000n));
    expect(BigInt(capped.costs.totalFeeLamports)).toBeLessThan(BigInt(free.costs.totalFeeLamports));
    expect(await storedPrice(free.planId)).toBe('5000');
    expect(await storedPrice(capped.planId)).toBe('1000');

    // A cap above the server's price leaves the server's.
    await bed.services.feeSettings.update(bed.actor, { maxMicroLamportsPerUnit: '900000' });
    const above = await plan();
    expect(BigInt(above.transactions[0]?.priorityFeeLamports ?? '0')).toBe(atPrice(5_000n));
  }, 120_000);
});
