// SQL of the `jobs` and `job_log_lines` tables (decision 019). Every function takes the tenant's
// transaction from `withTenant`; each is one or two short statements.

import { JOB_LOG_LINE_LIMIT, type JobLogLine } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

const { jobs, jobLogLines } = schema;

export type JobRow = typeof jobs.$inferSelect;

/** Statuses a handler may still move; the others are final. */
const OPEN_STATUSES = ['queued', 'running'] as const;

export async function insertJob(
  tx: TenantDatabase,
  values: {
    /** The job's id when the caller chose it (a start that may be sent twice); new otherwise. */
    readonly id?: string;
    readonly tenantId: string;
    readonly kind: string;
    readonly params: unknown;
    readonly totalItems: number;
    readonly createdBy: string | null;
    readonly now: Date;
  },
): Promise<JobRow> {
  const [row] = await tx
    .insert(jobs)
    .values({
      ...(values.id === undefined ? {} : { id: values.id }),
      tenantId: values.tenantId,
      kind: values.kind,
      status: 'queued',
      params: values.params,
      totalItems: values.totalItems,
      createdBy: values.createdBy,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert into jobs returned no row');
  return row;
}

export async function findJob(tx: TenantDatabase, jobId: string): Promise<JobRow | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  return row;
}

/** The job's kept log lines, oldest first. */
export async function readJobLogLines(tx: TenantDatabase, jobId: string): Promise<JobLogLine[]> {
  const rows = await tx
    .select({ at: jobLogLines.at, level: jobLogLines.level, message: jobLogLines.message })
    .from(jobLogLines)
    .where(eq(jobLogLines.jobId, jobId))
    .orderBy(asc(jobLogLines.id))
    .limit(JOB_LOG_LINE_LIMIT);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/**
 * Asks a job to stop. A job no worker holds yet is cancelled at once; a running one is flagged
 * and its handler stops at its next check. A final job is left as it is.
 */
export async function requestJobCancel(
  tx: TenantDatabase,
  jobId: string,
  now: Date,
): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(jobs)
    .set({
      cancelRequested: true,
      updatedAt: now,
      status: sql`case when ${jobs.status} = 'queued' and ${jobs.leaseOwner} is null then 'cancelled' else ${jobs.status} end`,
      finishedAt: sql`case when ${jobs.status} = 'queued' and ${jobs.leaseOwner} is null then ${now.toISOString()}::timestamptz else ${jobs.finishedAt} end`,
    })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, OPEN_STATUSES)))
    .returning();
  return row ?? (await findJob(tx, jobId));
}

/**
 * Takes the job for `owner` until `leaseUntil`, when it is still open and nobody else holds a live
 * lease on it; counts the attempt. Undefined when it cannot be taken (see `findJob` for why).
 */
export async function claimJob(
  tx: TenantDatabase,
  jobId: string,
  claim: { readonly owner: string; readonly now: Date; readonly leaseUntil: Date },
): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(jobs)
    .set({
      status: 'running',
      leaseOwner: claim.owner,
      leaseExpiresAt: claim.leaseUntil,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: claim.now,
    })
    .where(
      and(
        eq(jobs.id, jobId),
        inArray(jobs.status, OPEN_STATUSES),
        eq(jobs.cancelRequested, false),
        or(
          isNull(jobs.leaseOwner),
          eq(jobs.leaseOwner, claim.owner),
          lt(jobs.leaseExpiresAt, claim.now),
        ),
      ),
    )
    .returning();
  return row;
}

/** Conditions of every write a lease holder makes: the job is still open and still theirs. */
const heldBy = (jobId: string, owner: string) =>
  and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner), inArray(jobs.status, OPEN_STATUSES));

/**
 * Stores progress (and where the handler stands) and extends the lease; processed items beyond
 * the stored count reset the attempts to this one. Answers whether a cancel
 * was asked for, or undefined when the lease is no longer this owner's.
 */
export async function writeJobProgress(
  tx: TenantDatabase,
  jobId: string,
  write: {
    readonly owner: string;
    readonly now: Date;
    readonly leaseUntil: Date;
    readonly processedItems?: number;
    readonly message?: string;
    readonly checkpoint?: unknown;
    readonly report?: unknown;
  },
): Promise<{ readonly cancelRequested: boolean } | undefined> {
  const [row] = await tx
    .update(jobs)
    .set({
      updatedAt: write.now,
      leaseExpiresAt: write.leaseUntil,
      ...(write.processedItems === undefined
        ? {}
        : {
            processedItems: write.processedItems,
            // Progress makes this claim the first of the attempts that count: the limit is on
            // claims that finish nothing (a handler that kills its process at the same step),
            // not on restarts of a server that moves the job on each time. (The SET's right side
            // reads the row as it was, before this write's processed items.)
            attempts: sql`CASE WHEN ${jobs.processedItems} < ${write.processedItems} THEN 1 ELSE ${jobs.attempts} END`,
          }),
      ...(write.message === undefined ? {} : { message: write.message }),
      ...(write.checkpoint === undefined ? {} : { checkpoint: write.checkpoint }),
      ...(write.report === undefined ? {} : { report: write.report }),
    })
    .where(heldBy(jobId, write.owner))
    .returning({ cancelRequested: jobs.cancelRequested });
  return row;
}

/** Writes a log line and keeps only the job's newest `JOB_LOG_LINE_LIMIT` (bounded delete). */
export async function appendJobLogLine(
  tx: TenantDatabase,
  line: {
    readonly tenantId: string;
    readonly jobId: string;
    readonly at: Date;
    readonly level: JobLogLine['level'];
    readonly message: string;
  },
): Promise<void> {
  await tx.insert(jobLogLines).values(line);
  await tx.delete(jobLogLines).where(
    and(
      eq(jobLogLines.jobId, line.jobId),
      sql`${jobLogLines.id} <= (select id from job_log_lines where job_id = ${line.jobId}::uuid
        order by id desc offset ${JOB_LOG_LINE_LIMIT} limit 1)`,
    ),
  );
}

/** Ends the job for its lease holder; false when the lease was no longer theirs. */
export async function finishJob(
  tx: TenantDatabase,
  jobId: string,
  finish: {
    readonly owner: string;
    readonly now: Date;
    readonly status: 'succeeded' | 'failed' | 'cancelled';
    readonly message?: string;
  },
): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({
      status: finish.status,
      finishedAt: finish.now,
      updatedAt: finish.now,
      leaseOwner: null,
      leaseExpiresAt: null,
      ...(finish.message === undefined ? {} : { message: finish.message }),
    })
    .where(heldBy(jobId, finish.owner))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Ends an open job that nobody holds (a cancel asked before a worker took it, or a job that has
 * used up its attempts). False when someone holds a live lease or the job is final.
 */
export async function finishUnheldJob(
  tx: TenantDatabase,
  jobId: string,
  finish: {
    readonly now: Date;
    readonly status: 'failed' | 'cancelled';
    readonly message?: string;
  },
): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({
      status: finish.status,
      finishedAt: finish.now,
      updatedAt: finish.now,
      leaseOwner: null,
      leaseExpiresAt: null,
      ...(finish.message === undefined ? {} : { message: finish.message }),
    })
    .where(
      and(
        eq(jobs.id, jobId),
        inArray(jobs.status, OPEN_STATUSES),
        or(isNull(jobs.leaseOwner), lt(jobs.leaseExpiresAt, finish.now)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Gives the job back without finishing it (a worker shutting down): the next delivery takes it. */
export async function releaseJob(
  tx: TenantDatabase,
  jobId: string,
  release: { readonly owner: string; readonly now: Date },
): Promise<void> {
  await tx
    .update(jobs)
    .set({ leaseOwner: null, leaseExpiresAt: null, updatedAt: release.now })
    .where(heldBy(jobId, release.owner));
}

/** What `GET /api/jobs` shows of one job: its row without the log, and the operation it runs. */
export type JobSummaryRow = JobRow & { readonly operationId: string | null };

/** `GET /api/jobs?active=false` answers this many of the newest jobs. */
export const RECENT_JOBS_LIMIT = 50;

/**
 * The tenant's jobs for the bottom bar: with `active`, every queued or running job, oldest first
 * (there are few at any time: each is a long piece of work an operator started); otherwise the
 * newest `RECENT_JOBS_LIMIT` of any status. Each with the ledger operation that names it as its
 * job (`operations.job_id`), null for jobs that move no money. A subquery, not a plain join: an
 * operation names one job, but nothing stops two naming the same one, and a job must be listed
 * once.
 */
export async function listJobSummaries(
  tx: TenantDatabase,
  tenantId: string,
  filter: { readonly active: boolean },
): Promise<JobSummaryRow[]> {
  // Written out: drizzle leaves a column of a single-table select unqualified, and inside the
  // subquery a bare "id" would be the operation's own.
  const operationId = sql<string | null>`(select o.id from operations o
    where o.job_id = "jobs"."id" order by o.created_at, o.id limit 1)`;
  // The tenant is named as well as enforced by row-level security, so the (tenant_id, created_at)
  // index serves the order.
  const query = tx.select({ job: jobs, operationId }).from(jobs).$dynamic();
  const rows = filter.active
    ? await query
        .where(and(eq(jobs.tenantId, tenantId), inArray(jobs.status, OPEN_STATUSES)))
        .orderBy(asc(jobs.createdAt), asc(jobs.id))
    : await query
        .where(eq(jobs.tenantId, tenantId))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(RECENT_JOBS_LIMIT);
  return rows.map((row) => ({ ...row.job, operationId: row.operationId }));
}
