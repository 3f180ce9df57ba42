import { burnJobReportSchema, type BurnJobReport, type Clock } from '@fleet/core';
import type { JobService } from '../jobs/job-service';
import { createJobEventStream } from '../token-operations/job-event-stream';
import type { BurnExecuteService } from './burn-execute-service';
import { TOKEN_BURN_JOB_KIND } from './burn-tokens-job';

/** Spec 2 §7's burn stream, followed from the burn job's durable report as the close's is. */
export function createBurnStream(context: {
  readonly jobs: JobService;
  readonly burnExecute: BurnExecuteService;
  readonly clock: Clock;
}) {
  return createJobEventStream(context, {
    kind: TOKEN_BURN_JOB_KIND,
    report: (job): BurnJobReport | null => {
      const parsed = burnJobReportSchema.safeParse(job.report);
      return parsed.success ? parsed.data : null;
    },
    walletCount: (report) => report.wallets.length,
    wallet: (report, index) => {
      const wallet = report.wallets[index];
      if (!wallet) return null;
      return {
        processedWallets: index + 1,
        totalWallets: report.totalWallets,
        burnedInThisWallet: wallet.burnedInThisWallet,
        closedInThisWallet: wallet.closedInThisWallet,
        wallet: wallet.wallet,
        totals: wallet.totals,
      };
    },
    done: (report, job) => ({
      totalWallets: report?.totalWallets ?? job.totalItems,
      totalBurnedTokens: report?.totals.burnedTokens ?? 0,
      totalClosedAccounts: report?.totals.closedAccounts ?? 0,
      totalRentLamports: report?.totals.rentLamports ?? '0',
      totalFeeLamports: report?.totals.feeLamports ?? '0',
      profitLamports: report?.totals.profitLamports ?? '0',
    }),
    failedMessage: 'Server reported an error during burn operation',
    execute: (actor, planId) => context.burnExecute.execute(actor, planId),
  });
}

export type BurnStream = ReturnType<typeof createBurnStream>;
