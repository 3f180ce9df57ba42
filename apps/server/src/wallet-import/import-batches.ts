import { FleetError } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { eq } from 'drizzle-orm';

/** A new import batch of the tenant the transaction is bound to; its id. */
export async function createImportBatch(
  tx: TenantDatabase,
  values: {
    readonly tenantId: string;
    readonly sourceKind: 'import' | 'seed';
    readonly seedGroupId: string | null;
  },
): Promise<string> {
  const { importBatches } = schema;
  const [batch] = await tx.insert(importBatches).values(values).returning({ id: importBatches.id });
  if (!batch) throw new FleetError('IMPORT__BATCH_NOT_CREATED');
  return batch.id;
}

/** The batch's counts, once its wallets are written. */
export async function recordImportCounts(
  tx: TenantDatabase,
  batchId: string,
  counts: { readonly created: number; readonly restored: number; readonly linked: number },
): Promise<void> {
  const { importBatches } = schema;
  await tx.update(importBatches).set(counts).where(eq(importBatches.id, batchId));
}

/** The tenant's seed group, or undefined (another tenant's is hidden by row-level security). */
export async function findSeedGroup(tx: TenantDatabase, groupId: string) {
  const { seedGroups } = schema;
  const [group] = await tx.select().from(seedGroups).where(eq(seedGroups.id, groupId));
  return group;
}
