import {
  FleetError,
  splTransferReportSchema,
  type SplTransferProgress,
  type SplTransferReport,
} from '@fleet/core';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';
import type { LedgerService } from '../ledger/ledger-service';
import type { TokenTransferKind } from './token-transfer-execute-service';

/**
 * Spec 2 §7's progress of an SPL withdrawal (and the same shape for a distribution), answered
 * from the job's row: its message, counts, log lines and the report the job writes as
 * transactions land. Another tenant's job, or a job of another kind, is not found.
 */
export function createTokenTransferProgressService(context: {
  readonly jobs: JobService;
  readonly ledger: LedgerService;
}) {
  const { jobs, ledger } = context;
  return {
    async progress(
      actor: Actor,
      kind: TokenTransferKind,
      jobId: string,
    ): Promise<SplTransferProgress> {
      const job = await jobs.get(actor, jobId);
      if (job.kind !== kind) throw new FleetError('JOB__NOT_FOUND', { jobId });
      const operationId = await ledger.operationIdForJob(actor, jobId);
      if (!operationId) throw new FleetError('JOB__NOT_FOUND', { jobId });
      const written = splTransferReportSchema.safeParse(job.report);
      // Before the job's first report (it is still queued), the counts are all zero.
      const report: SplTransferReport = written.success
        ? written.data
        : {
            operationId,
            kind,
            totals: {
              processedWallets: 0,
              totalWallets: job.totalItems,
              succeededWallets: 0,
              failedWallets: 0,
              transfers: 0,
              closes: 0,
              createdAccounts: 0,
              failedTransfers: 0,
              feeLamports: '0',
              reclaimedRentLamports: '0',
              accountRentLamports: '0',
            },
            mints: [],
            errors: [],
            done: job.isDone,
          };
      return {
        jobId: job.id,
        operationId,
        status: job.status,
        statusMessage: job.message,
        isDone: job.isDone,
        processedItems: job.processedItems,
        totalItems: job.totalItems,
        logMessages: job.logs.map((line) => line.message),
        report,
      };
    },
  };
}

export type TokenTransferProgressService = ReturnType<typeof createTokenTransferProgressService>;
