import { schema, type TenantDatabase } from '@fleet/db';
import { and, desc, eq } from 'drizzle-orm';

const { tenantDataKeys } = schema;

/** One row of `tenant_data_keys`, as the vault needs it. */
export interface StoredDataKey {
  readonly tenantId: string;
  readonly version: number;
  readonly wrappedKey: Uint8Array;
  readonly kekId: string;
  readonly algorithm: string;
}

const columns = {
  tenantId: tenantDataKeys.tenantId,
  version: tenantDataKeys.version,
  wrappedKey: tenantDataKeys.wrappedKey,
  kekId: tenantDataKeys.kekId,
  algorithm: tenantDataKeys.algorithm,
};

// Every query names the tenant even though row-level security already scopes `tx` to it: the
// repository is the first wall, RLS the second.

export async function readLatestDataKey(
  tx: TenantDatabase,
  tenantId: string,
): Promise<StoredDataKey | undefined> {
  const rows = await tx
    .select(columns)
    .from(tenantDataKeys)
    .where(eq(tenantDataKeys.tenantId, tenantId))
    .orderBy(desc(tenantDataKeys.version))
    .limit(1);
  return rows[0];
}

export async function readDataKey(
  tx: TenantDatabase,
  tenantId: string,
  version: number,
): Promise<StoredDataKey | undefined> {
  const rows = await tx
    .select(columns)
    .from(tenantDataKeys)
    .where(and(eq(tenantDataKeys.tenantId, tenantId), eq(tenantDataKeys.version, version)));
  return rows[0];
}

/**
 * Inserts unless the tenant already has this version. On Postgres a concurrent insert of the same
 * version waits for the other transaction and then does nothing, so re-reading afterwards yields
 * the one key that won.
 */
export async function insertDataKeyIfAbsent(
  tx: TenantDatabase,
  dataKey: StoredDataKey,
): Promise<void> {
  await tx
    .insert(tenantDataKeys)
    .values(dataKey)
    .onConflictDoNothing({ target: [tenantDataKeys.tenantId, tenantDataKeys.version] });
}
