import {
  FINAL_TRUTH_SCAN_JOB_KIND,
  FleetError,
  emptyFinalTruthScanReport,
  finalTruthScanReportSchema,
  type FinalTruthScanProgress,
  type FinalTruthScanRequest,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { insertJob } from '../jobs/job-repository';
import type { JobService } from '../jobs/job-service';
import { activeWalletIdsOf, ofKind } from '../sync-scans/sync-scan-jobs';
import { finalTruthScanParamsSchema } from './final-truth-scan-job';

/**
 * Starting, following and stopping Final Truth Scans (spec 2 §7). A start resolves the addresses
 * to the tenant's active wallets (none: every active wallet) and records the job in one
 * transaction that holds the tenant's final-truth lock, so two starts cannot both see no scan
 * running: the second is refused while a queued or running scan shares any of its wallets, and is
 * told that scan's job to follow instead.
 */
export function createFinalTruthScanService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly now: () => Date;
}) {
  const { db, jobs, audit, now } = context;

  /** The open final truth scan sharing a wallet with `walletIds`, if any. */
  async function overlappingScan(
    tx: TenantDatabase,
    tenantId: string,
    walletIds: readonly string[],
  ): Promise<string | null> {
    const { jobs: jobsTable } = schema;
    const open = await tx
      .select({ id: jobsTable.id, params: jobsTable.params })
      .from(jobsTable)
      .where(
        and(
          eq(jobsTable.tenantId, tenantId),
          eq(jobsTable.kind, FINAL_TRUTH_SCAN_JOB_KIND),
          inArray(jobsTable.status, ['queued', 'running']),
        ),
      );
    const wanted = new Set(walletIds);
    for (const row of open) {
      const params = finalTruthScanParamsSchema.safeParse(row.params);
      // A scan whose parameters cannot be read is treated as covering everything.
      if (!params.success || params.data.walletIds.some((id) => wanted.has(id))) return row.id;
    }
    return null;
  }

  const jobOfKind = async (actor: Actor, jobId: string) =>
    ofKind(await jobs.get(actor, jobId), FINAL_TRUTH_SCAN_JOB_KIND);

  async function progress(actor: Actor, jobId: string): Promise<FinalTruthScanProgress> {
    const job = await jobOfKind(actor, jobId);
    const written = finalTruthScanReportSchema.safeParse(job.report);
    const report = written.success ? written.data : emptyFinalTruthScanReport(job.totalItems);
    return {
      jobId: job.id,
      status: job.status,
      statusMessage: job.message,
      processedItems: job.processedItems,
      totalItems: job.totalItems,
      logMessages: job.logs.map((line) => line.message),
      isDone: job.isDone,
      cancelRequested: job.cancelRequested,
      stats: report.stats,
      report,
    };
  }

  return {
    async start(actor: Actor, input: FinalTruthScanRequest): Promise<{ jobId: string }> {
      const row = await withTenant(db, actor.tenantId, async (tx) => {
        // One start at a time per tenant: held to the end of this transaction.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`fleet.final-truth-scan.${actor.tenantId}`}))`,
        );
        const walletIds = await activeWalletIdsOf(tx, actor.tenantId, input.publicAddresses ?? []);
        const running = await overlappingScan(tx, actor.tenantId, walletIds);
        if (running !== null) throw new FleetError('SCAN__FINAL_TRUTH_RUNNING', { jobId: running });
        const job = await insertJob(tx, {
          tenantId: actor.tenantId,
          kind: FINAL_TRUTH_SCAN_JOB_KIND,
          params: { walletIds },
          totalItems: walletIds.length,
          createdBy: actor.user.id,
          now: now(),
        });
        await audit.recordSuccess(
          actor,
          'scan.final_truth',
          { jobId: job.id, wallets: walletIds.length },
          tx,
        );
        return job;
      });
      await jobs.dispatch(actor.tenantId, row.id);
      return { jobId: row.id };
    },

    progress,

    /**
     * Cancel Scan: asks the running scan to stop after the batch it is writing. Another tenant's
     * job (or another kind's) is not found; a scan that has ended is refused, and left as it is.
     */
    async abort(actor: Actor, jobId: string): Promise<FinalTruthScanProgress> {
      const job = await jobOfKind(actor, jobId);
      if (job.isDone) {
        throw new FleetError('SCAN__FINAL_TRUTH_FINISHED', { jobId, status: job.status });
      }
      await jobs.requestAbort(actor, jobId);
      return progress(actor, jobId);
    },
  };
}

export type FinalTruthScanService = ReturnType<typeof createFinalTruthScanService>;
