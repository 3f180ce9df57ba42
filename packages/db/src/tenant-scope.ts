import { FleetError } from '@fleet/core';
import { sql } from 'drizzle-orm';
import type { FleetDatabase } from './connection';

/** The role tenant queries run as; created by migration 0002 with NOBYPASSRLS. */
export const TENANT_ROLE = 'fleet_tenant';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TenantDatabase = Parameters<Parameters<FleetDatabase['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction bound to one tenant: the role switches to `fleet_tenant` and
 * `app.tenant_id` is set for the transaction only, so row-level security holds even when the
 * connection's own role could see everything. Without a tenant nothing runs.
 */
export async function withTenant<T>(
  db: FleetDatabase,
  tenantId: string | undefined | null,
  work: (tx: TenantDatabase) => Promise<T>,
): Promise<T> {
  if (!tenantId || !UUID.test(tenantId)) {
    throw new FleetError('TENANT__REQUIRED');
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
    return work(tx);
  });
}
