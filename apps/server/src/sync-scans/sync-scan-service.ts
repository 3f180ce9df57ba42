import {
  FleetError,
  QUICK_REFRESH_JOB_KIND,
  SYNC_SCAN_LOG_LINES,
  VERIFY_SCAN_JOB_KIND,
  emptyQuickRefreshReport,
  emptyVerifyReport,
  quickRefreshReportSchema,
  verifyReportSchema,
  type Clock,
  type QuickRefreshProgress,
  type QuickRefreshStart,
  type QuickRefreshTokens,
  type SyncVerifyRequest,
  type SyncVerifyResponse,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { insertJob } from '../jobs/job-repository';
import type { JobService } from '../jobs/job-service';
import {
  activeWalletIdsOf,
  jobState,
  lockScanStarts,
  ofKind,
  openJobOfKind,
} from './sync-scan-jobs';

/** How often a verify waiting for its scan looks at the job. */
const VERIFY_WAIT_POLL_MS = 500;

/**
 * Starting, following and stopping the quick refresh and the verify scan (spec 2 §7). A start
 * holds the tenant's lock for its kind while it looks for a running scan and records its own job,
 * so two starts at once make one job: a second quick refresh joins the running one (it would
 * read the same wallets again), a second verify is refused with the running one's job.
 */
export function createSyncScanService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly clock: Clock;
}) {
  const { db, jobs, audit, clock } = context;
  const now = () => new Date(clock.now());

  async function quickRefreshProgress(actor: Actor, jobId: string): Promise<QuickRefreshProgress> {
    const job = ofKind(await jobs.get(actor, jobId), QUICK_REFRESH_JOB_KIND);
    const written = quickRefreshReportSchema.safeParse(job.report);
    return {
      progress: {
        ...jobState(job, SYNC_SCAN_LOG_LINES),
        processedWallets: job.processedItems,
        totalWallets: job.totalItems,
        report: written.success ? written.data : emptyQuickRefreshReport(job.totalItems),
      },
    };
  }

  return {
    /** What a quick refresh will read: the active wallets and their known token accounts. */
    async quickRefreshTokens(actor: Actor): Promise<QuickRefreshTokens> {
      const { wallets, walletTokenAccounts } = schema;
      return withTenant(db, actor.tenantId, async (tx) => {
        const [walletRow] = await tx
          .select({ n: count() })
          .from(wallets)
          .where(and(eq(wallets.tenantId, actor.tenantId), isNull(wallets.archivedAt)));
        const [tokenRow] = await tx
          .select({ n: count() })
          .from(walletTokenAccounts)
          .innerJoin(wallets, eq(wallets.id, walletTokenAccounts.walletId))
          .where(and(eq(walletTokenAccounts.tenantId, actor.tenantId), isNull(wallets.archivedAt)));
        return { walletCount: walletRow?.n ?? 0, tokenCount: tokenRow?.n ?? 0 };
      });
    },

    async startQuickRefresh(actor: Actor): Promise<QuickRefreshStart> {
      const started = await withTenant(db, actor.tenantId, async (tx) => {
        await lockScanStarts(tx, actor.tenantId, QUICK_REFRESH_JOB_KIND);
        const running = await openJobOfKind(tx, actor.tenantId, QUICK_REFRESH_JOB_KIND);
        if (running !== null) return { jobId: running, joined: true };
        const walletIds = await activeWalletIdsOf(tx, actor.tenantId, []);
        const row = await insertJob(tx, {
          tenantId: actor.tenantId,
          kind: QUICK_REFRESH_JOB_KIND,
          params: { walletIds },
          totalItems: walletIds.length,
          createdBy: actor.user.id,
          now: now(),
        });
        await audit.recordSuccess(
          actor,
          'scan.quick_refresh',
          { jobId: row.id, wallets: walletIds.length },
          tx,
        );
        return { jobId: row.id, joined: false };
      });
      if (!started.joined) await jobs.dispatch(actor.tenantId, started.jobId);
      const { progress } = await quickRefreshProgress(actor, started.jobId);
      return { success: true, ...started, report: progress.report };
    },

    quickRefreshProgress,

    async abortQuickRefresh(actor: Actor, jobId: string): Promise<QuickRefreshProgress> {
      const job = ofKind(await jobs.get(actor, jobId), QUICK_REFRESH_JOB_KIND);
      if (job.isDone) throw new FleetError('SCAN__SYNC_FINISHED', { jobId, status: job.status });
      await jobs.requestAbort(actor, jobId);
      return quickRefreshProgress(actor, jobId);
    },

    /**
     * Verify: a cold scan of the named wallets (none: every active wallet) as a job, answered
     * when it ends. The job stays in the jobs list, so a verify whose caller went away still
     * finishes and its report can be read there; `signal` stops the wait, not the scan.
     */
    async verify(
      actor: Actor,
      input: SyncVerifyRequest,
      signal?: AbortSignal,
    ): Promise<SyncVerifyResponse> {
      const jobId = await withTenant(db, actor.tenantId, async (tx) => {
        await lockScanStarts(tx, actor.tenantId, VERIFY_SCAN_JOB_KIND);
        const running = await openJobOfKind(tx, actor.tenantId, VERIFY_SCAN_JOB_KIND);
        if (running !== null) {
          throw new FleetError('SCAN__SYNC_RUNNING', {
            jobId: running,
            kind: VERIFY_SCAN_JOB_KIND,
          });
        }
        const walletIds = await activeWalletIdsOf(tx, actor.tenantId, input.publicAddresses ?? []);
        const row = await insertJob(tx, {
          tenantId: actor.tenantId,
          kind: VERIFY_SCAN_JOB_KIND,
          params: { walletIds },
          totalItems: walletIds.length,
          createdBy: actor.user.id,
          now: now(),
        });
        await audit.recordSuccess(
          actor,
          'scan.verify',
          { jobId: row.id, wallets: walletIds.length },
          tx,
        );
        return row.id;
      });
      await jobs.dispatch(actor.tenantId, jobId);
      for (;;) {
        const job = await jobs.state(actor, jobId);
        if (job.isDone) {
          const written = verifyReportSchema.safeParse(job.report);
          if (job.status === 'failed') {
            throw new FleetError('SCAN__SYNC_FAILED', { jobId, message: job.message });
          }
          return { jobId, report: written.success ? written.data : emptyVerifyReport() };
        }
        await clock.sleep(VERIFY_WAIT_POLL_MS, signal);
      }
    },
  };
}

export type SyncScanService = ReturnType<typeof createSyncScanService>;
