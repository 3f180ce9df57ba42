import type { FleetDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import type { JobQueue } from './job-queue';

/**
 * After a crash of the one process an embedded (PGlite) database allows, every lease in the
 * jobs table belongs to a process that is gone: no other process can open the database. The
 * leases are released and every open job is delivered again at once, so a killed `npm start`
 * resumes its jobs as soon as it is back, not after the lease and the queue's expiry run out.
 * Never for Postgres, where another live process may hold those leases (decision 023).
 */
export async function resumeJobsOfDeadProcess(db: FleetDatabase, queue: JobQueue): Promise<number> {
  // The embedded database's session is its owner, which row-level security does not restrict.
  const open = await db.execute<{ tenant_id: string; id: string }>(sql`
    update jobs set lease_owner = null, lease_expires_at = null
    where status in ('queued', 'running')
    returning tenant_id, id`);
  for (const row of open.rows) await queue.send({ tenantId: row.tenant_id, jobId: row.id });
  return open.rows.length;
}
