import {
  DEEP_SCAN_JOB_KIND,
  FleetError,
  SYNC_SCAN_LOG_LINES,
  deepScanReportSchema,
  diffHoldings,
  emptyDeepScanReport,
  type Clock,
  type DeepScanProgress,
  type DeepScanStartRequest,
  type DeepScanUpdateDetails,
  type DeepScanUpdateRequest,
  type DeepScanWallets,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { findJob, insertJob } from '../jobs/job-repository';
import type { JobService } from '../jobs/job-service';
import {
  findWalletsByAddress,
  listActiveWallets,
  writeRefreshedBalances,
} from '../wallets/repository';
import { readDeepScanReads } from './deep-scan-reads';
import { readHeldWallets } from './stored-holdings';
import {
  activeWalletIdsOf,
  jobState,
  lockScanStarts,
  ofKind,
  openJobOfKind,
} from './sync-scan-jobs';

/**
 * The deep scan (spec 2 §4, §7): the active wallets, the scan as a job (one at a time per tenant;
 * a start carrying the id of a job it already made finds that job), its progress and Cancel, and
 * the Update that applies what the scan read. The update names wallets and never carries numbers:
 * what it writes is what the server read, through the balance writer's scan-time and slot guards,
 * so applying twice writes the same thing and numbers read since are kept.
 */
export function createDeepScanService(context: {
  readonly db: FleetDatabase;
  readonly jobs: JobService;
  readonly audit: AuditLog;
  readonly clock: Clock;
}) {
  const { db, jobs, audit, clock } = context;

  async function progress(actor: Actor, jobId: string): Promise<DeepScanProgress> {
    const job = ofKind(await jobs.get(actor, jobId), DEEP_SCAN_JOB_KIND);
    const written = deepScanReportSchema.safeParse(job.report);
    return {
      ...jobState(job, SYNC_SCAN_LOG_LINES),
      totalWallets: job.totalItems,
      scannedWallets: job.processedItems,
      report: written.success ? written.data : emptyDeepScanReport(),
    };
  }

  return {
    async wallets(actor: Actor): Promise<DeepScanWallets> {
      const active = await withTenant(db, actor.tenantId, (tx) =>
        listActiveWallets(tx, actor.tenantId, { traderOnly: false }),
      );
      return { wallets: active.map((wallet) => wallet.address) };
    },

    async start(actor: Actor, input: DeepScanStartRequest): Promise<{ jobId: string }> {
      const started = await withTenant(db, actor.tenantId, async (tx) => {
        await lockScanStarts(tx, actor.tenantId, DEEP_SCAN_JOB_KIND);
        if (input.jobId !== undefined) {
          const sent = await findJob(tx, input.jobId);
          if (sent !== undefined) {
            if (sent.kind !== DEEP_SCAN_JOB_KIND) {
              throw new FleetError('JOB__NOT_FOUND', { jobId: input.jobId });
            }
            return { jobId: sent.id, fresh: false };
          }
        }
        const running = await openJobOfKind(tx, actor.tenantId, DEEP_SCAN_JOB_KIND);
        if (running !== null) {
          throw new FleetError('SCAN__SYNC_RUNNING', { jobId: running, kind: DEEP_SCAN_JOB_KIND });
        }
        const walletIds = await activeWalletIdsOf(tx, actor.tenantId, input.publicAddresses);
        const row = await insertJob(tx, {
          ...(input.jobId === undefined ? {} : { id: input.jobId }),
          tenantId: actor.tenantId,
          kind: DEEP_SCAN_JOB_KIND,
          params: { walletIds },
          totalItems: walletIds.length,
          createdBy: actor.user.id,
          now: new Date(clock.now()),
        });
        await audit.recordSuccess(
          actor,
          'scan.deep',
          { jobId: row.id, wallets: walletIds.length },
          tx,
        );
        return { jobId: row.id, fresh: true };
      });
      if (started.fresh) await jobs.dispatch(actor.tenantId, started.jobId);
      return { jobId: started.jobId };
    },

    progress,

    async abort(actor: Actor, jobId: string): Promise<DeepScanProgress> {
      const job = ofKind(await jobs.get(actor, jobId), DEEP_SCAN_JOB_KIND);
      if (job.isDone) throw new FleetError('SCAN__SYNC_FINISHED', { jobId, status: job.status });
      await jobs.requestAbort(actor, jobId);
      return progress(actor, jobId);
    },

    /**
     * Applies what the ended scan read of the wallets its `ok` results name (a cancelled scan's
     * too: its wallets were read whole). Each wallet's stored token accounts the cold read did not
     * find are dropped. Called again with the same results, it writes the same numbers again.
     */
    async update(actor: Actor, input: DeepScanUpdateRequest): Promise<DeepScanUpdateDetails> {
      const { jobId, scanResults } = input.scanSummary;
      const job = ofKind(await jobs.get(actor, jobId), DEEP_SCAN_JOB_KIND);
      if (!job.isDone || job.status === 'failed') {
        throw new FleetError('SCAN__DEEP_SCAN_NOT_DONE', { jobId, status: job.status });
      }
      const named = [
        ...new Set(scanResults.filter((entry) => entry.status === 'ok').map((entry) => entry.addr)),
      ];
      const details = await withTenant(db, actor.tenantId, async (tx) => {
        const active = (await findWalletsByAddress(tx, named)).filter(
          (wallet) => wallet.archivedAt === null,
        );
        const reads = await readDeepScanReads(
          tx,
          jobId,
          active.map((wallet) => wallet.id),
        );
        const held = new Map(
          (
            await readHeldWallets(
              tx,
              reads.map((read) => read.walletId),
            )
          ).wallets.map((wallet) => [wallet.id, wallet]),
        );
        let tokensAdded = 0;
        let tokensUpdated = 0;
        let written = 0;
        let keptNewer = 0;
        // One write per scan time: the writer's scan-time guard compares with it.
        const byTime = new Map<number, typeof reads>();
        for (const read of reads) {
          if (!held.has(read.walletId)) continue;
          const group = byTime.get(read.scannedAt.getTime()) ?? [];
          group.push(read);
          byTime.set(read.scannedAt.getTime(), group);
        }
        for (const [at, group] of byTime) {
          const outcome = await writeRefreshedBalances(
            tx,
            actor.tenantId,
            group.map((read) => {
              const found = new Set(read.tokens.map((token) => token.account));
              const stored =
                held.get(read.walletId)?.holdings.accounts ?? new Map<string, bigint>();
              return {
                walletId: read.walletId,
                lamports: read.lamports,
                tokens: read.tokens,
                droppedTokenAccounts: [...stored.keys()].filter((account) => !found.has(account)),
                scannedSlot: read.scannedSlot,
              };
            }),
            new Date(at),
          );
          written += outcome.written;
          keptNewer += outcome.keptNewer;
          // Counted for the wallets written: one kept for a newer read changed nothing here.
          for (const read of group) {
            const stored = held.get(read.walletId);
            if (stored === undefined || !outcome.writtenIds.has(read.walletId)) continue;
            const diff = diffHoldings(stored.holdings, read);
            tokensAdded += diff.missingAccounts;
            tokensUpdated += diff.differentAmounts + diff.goneAccounts;
          }
        }
        const result: DeepScanUpdateDetails = {
          walletsUpdated: written,
          tokensAdded,
          tokensUpdated,
          walletsSkipped:
            new Set(scanResults.map((entry) => entry.addr)).size - written - keptNewer,
          walletsNewerKept: keptNewer,
        };
        await audit.recordSuccess(actor, 'scan.deep_update', { jobId, ...result }, tx);
        return result;
      });
      return details;
    },
  };
}

export type DeepScanService = ReturnType<typeof createDeepScanService>;
