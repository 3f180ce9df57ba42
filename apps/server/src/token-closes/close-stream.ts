import { closeJobReportSchema, type Clock, type CloseJobReport } from '@fleet/core';
import type { JobService } from '../jobs/job-service';
import { createJobEventStream } from '../token-operations/job-event-stream';
import type { CloseExecuteService } from './close-execute-service';
import { TOKEN_CLOSE_JOB_KIND } from './close-tokens-job';

/** Spec 2 §7's close-tokens stream, followed from the close job's durable report. */
export function createCloseStream(context: {
  readonly jobs: JobService;
  readonly closeExecute: CloseExecuteService;
  readonly clock: Clock;
}) {
  return createJobEventStream(context, {
    kind: TOKEN_CLOSE_JOB_KIND,
    report: (job): CloseJobReport | null => {
      const parsed = closeJobReportSchema.safeParse(job.report);
      return parsed.success ? parsed.data : null;
    },
    walletCount: (report) => report.wallets.length,
    wallet: (report, index) => {
      const wallet = report.wallets[index];
      if (!wallet) return null;
      return {
        processedWallets: index + 1,
        totalWallets: report.totalWallets,
        closedInThisWallet: wallet.closedInThisWallet,
        skippedInThisWallet: wallet.skippedInThisWallet,
        wallet: wallet.wallet,
        totals: wallet.totals,
      };
    },
    done: (report, job) => ({
      totalWallets: report?.totalWallets ?? job.totalItems,
      totalClosedAccounts: report?.totals.closedAccounts ?? 0,
      totalSkippedAccounts: report?.totals.skippedAccounts ?? 0,
      totalRentLamports: report?.totals.rentLamports ?? '0',
      totalFeeLamports: report?.totals.feeLamports ?? '0',
      profitLamports: report?.totals.profitLamports ?? '0',
    }),
    failedMessage: 'The close did not finish',
    execute: (actor, planId) => context.closeExecute.execute(actor, planId),
  });
}

export type CloseStream = ReturnType<typeof createCloseStream>;
