// SQL of `tenant_fee_settings` (decision 019): one row per tenant, its cap on the unit price.
// Every function takes the tenant's transaction from `withTenant`; the reads also name the tenant
// the transaction is bound to, so the policy of migration 0020 is the second wall, not the only one.

import { schema, type TenantDatabase } from '@fleet/db';
import { eq, sql } from 'drizzle-orm';

const { tenantFeeSettings } = schema;

/** The tenant `withTenant` bound the transaction to. */
const boundTenant = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/**
 * The tenant's cap in micro-lamports per compute unit, or null when it has none (no row, or a
 * cleared one): the server's price then applies as it is.
 */
export async function readTenantFeeCap(tx: TenantDatabase): Promise<bigint | null> {
  const [row] = await tx
    .select({ cap: tenantFeeSettings.maxMicroLamportsPerUnit })
    .from(tenantFeeSettings)
    .where(eq(tenantFeeSettings.tenantId, boundTenant));
  return row?.cap ?? null;
}

/**
 * The tenant's row, made (without a cap) when missing and locked until the transaction ends, so
 * two changes at once take turns and each knows the cap it replaced. Answers that cap.
 */
export async function lockTenantFeeCap(
  tx: TenantDatabase,
  tenantId: string,
  at: Date,
): Promise<bigint | null> {
  await tx
    .insert(tenantFeeSettings)
    .values({ tenantId, maxMicroLamportsPerUnit: null, updatedAt: at })
    .onConflictDoNothing({ target: tenantFeeSettings.tenantId });
  const [row] = await tx
    .select({ cap: tenantFeeSettings.maxMicroLamportsPerUnit })
    .from(tenantFeeSettings)
    .where(eq(tenantFeeSettings.tenantId, tenantId))
    .for('update');
  return row?.cap ?? null;
}

/** Sets (or, with null, clears) the cap of the tenant's row, which `lockTenantFeeCap` made. */
export async function writeTenantFeeCap(
  tx: TenantDatabase,
  tenantId: string,
  cap: bigint | null,
  at: Date,
): Promise<void> {
  await tx
    .update(tenantFeeSettings)
    .set({ maxMicroLamportsPerUnit: cap, updatedAt: at })
    .where(eq(tenantFeeSettings.tenantId, tenantId));
}
