import { FleetError } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/**
 * One operation at a time spends from a tenant's master: a transaction-scoped advisory lock
 * serialises the executions of one tenant (the same lock the SOL and close executions take), and
 * an operation whose job is still open refuses the next. Called first in an execution's tenant
 * transaction; a refusal rolls it back, so the plan stays unused.
 */
export async function becomeMasterSpender(tx: TenantDatabase, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fleet.master.${tenantId}`}))`);
  const busy = await tx.execute<{ id: string }>(sql`
    select o.id from operations o join jobs j on j.id = o.job_id
    where o.status in ('planned', 'running') and j.status in ('queued', 'running')
    limit 1`);
  const open = busy.rows[0];
  if (open) throw new FleetError('OPERATION__MASTER_BUSY', { operationId: open.id });
}
