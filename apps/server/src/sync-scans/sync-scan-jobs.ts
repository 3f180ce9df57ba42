import { FleetError, type JobView } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { isAddress } from '@solana/kit';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { findWalletsByAddress, listActiveWallets } from '../wallets/repository';

/**
 * Holds the tenant's lock for `kind` to the end of the transaction: two starts of the same kind
 * cannot both see none running.
 */
export async function lockScanStarts(
  tx: TenantDatabase,
  tenantId: string,
  kind: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fleet.${kind}.${tenantId}`}))`);
}

/** The tenant's oldest queued or running job of `kind`, or null. */
export async function openJobOfKind(
  tx: TenantDatabase,
  tenantId: string,
  kind: string,
): Promise<string | null> {
  const { jobs } = schema;
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.tenantId, tenantId),
        eq(jobs.kind, kind),
        inArray(jobs.status, ['queued', 'running']),
      ),
    )
    .orderBy(asc(jobs.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The wallets a scan covers: the named addresses resolved to the tenant's active wallets (every
 * named one must be), or every active wallet when none is named.
 */
export async function activeWalletIdsOf(
  tx: TenantDatabase,
  tenantId: string,
  addresses: readonly string[],
): Promise<string[]> {
  if (addresses.length === 0) {
    return (await listActiveWallets(tx, tenantId, { traderOnly: false })).map((w) => w.id);
  }
  const named = [...new Set(addresses)];
  const bad = named.find((entry) => !isAddress(entry));
  if (bad !== undefined) throw new FleetError('ADDRESS__INVALID', { address: bad });
  const active = new Map(
    (await findWalletsByAddress(tx, named))
      .filter((wallet) => wallet.archivedAt === null)
      .map((wallet) => [wallet.address, wallet.id]),
  );
  const missing = named.filter((entry) => !active.has(entry));
  const [firstMissing] = missing;
  if (firstMissing !== undefined) {
    throw new FleetError('WALLET__SOME_NOT_FOUND', { missing: missing.length, firstMissing });
  }
  return named.map((entry) => active.get(entry) ?? '');
}

/** The job if it is of `kind`; another kind's (or another tenant's) job is not found. */
export function ofKind(job: JobView, kind: string): JobView {
  if (job.kind !== kind) throw new FleetError('JOB__NOT_FOUND', { jobId: job.id });
  return job;
}

/** The progress fields every sync scan answers, from the job's row. */
export function jobState(job: JobView, logLines: number) {
  return {
    jobId: job.id,
    status: job.status,
    statusMessage: job.message,
    done: job.isDone,
    cancelRequested: job.cancelRequested,
    logs: job.logs.slice(-logLines).map((line) => line.message),
  };
}
