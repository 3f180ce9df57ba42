import {
  FleetError,
  burnJobReportSchema,
  type BurnJobReport,
  type BurnTokensEvent,
  type BurnTokensResult,
  type Clock,
  type JobView,
} from '@fleet/core';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';
import type { BurnExecuteService } from './burn-execute-service';
import { TOKEN_BURN_JOB_KIND } from './burn-tokens-job';

/** How often a follower reads the job's row: the row is the only truth, any process may run it. */
const FOLLOW_EVERY_MS = 500;

/**
 * Spec 2 §7's burn stream, made from the job's durable report rather than from the process
 * running it, as the close's: any server process can follow any burn, and a client that reloads
 * re-attaches by the job's id and hears the same events from the start.
 */
export function createBurnStream(context: {
  readonly jobs: JobService;
  readonly burnExecute: BurnExecuteService;
  readonly clock: Clock;
}) {
  const { jobs, clock } = context;

  async function follow(
    actor: Actor,
    jobId: string,
    emit: (event: BurnTokensEvent) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    let job: JobView = await jobs.get(actor, jobId);
    // Another kind's job is not found here: its events are not a burn's.
    if (job.kind !== TOKEN_BURN_JOB_KIND) throw new FleetError('JOB__NOT_FOUND', { jobId });
    emit({ event: 'start', data: { totalWallets: job.totalItems, jobId } });
    let told = 0;
    for (;;) {
      const report = reportOf(job);
      if (report) {
        for (; told < report.wallets.length; told += 1) {
          const wallet = report.wallets[told];
          if (!wallet) break;
          emit({
            event: 'wallet',
            data: {
              processedWallets: told + 1,
              totalWallets: report.totalWallets,
              burnedInThisWallet: wallet.burnedInThisWallet,
              closedInThisWallet: wallet.closedInThisWallet,
              wallet: wallet.wallet,
              totals: wallet.totals,
            },
          });
        }
      }
      if (job.isDone) {
        if (job.status === 'failed') {
          emit({
            event: 'error',
            data: { message: job.message || 'Server reported an error during burn operation' },
          });
          return;
        }
        const totals = report?.totals;
        emit({
          event: 'done',
          data: {
            totalWallets: report?.totalWallets ?? job.totalItems,
            totalBurnedTokens: totals?.burnedTokens ?? 0,
            totalClosedAccounts: totals?.closedAccounts ?? 0,
            totalRentLamports: totals?.rentLamports ?? '0',
            totalFeeLamports: totals?.feeLamports ?? '0',
            profitLamports: totals?.profitLamports ?? '0',
          },
        });
        return;
      }
      await clock.sleep(FOLLOW_EVERY_MS, signal);
      if (signal?.aborted) return;
      job = await jobs.get(actor, jobId);
    }
  }

  return {
    follow,
    /** Executes the plan and follows its job; `emit` hears every event as it comes. */
    async run(
      actor: Actor,
      planId: string,
      emit: (event: BurnTokensEvent) => void,
      signal?: AbortSignal,
    ): Promise<{ jobId: string; operationId: string }> {
      const started = await context.burnExecute.execute(actor, planId);
      await follow(actor, started.jobId, emit, signal);
      return started;
    },
    /** The same, buffered, for a client that does not stream. */
    async runBuffered(actor: Actor, planId: string): Promise<BurnTokensResult> {
      const events: BurnTokensEvent[] = [];
      const started = await this.run(actor, planId, (event) => events.push(event));
      const done = events.find((event) => event.event === 'done');
      const error = events.find((event) => event.event === 'error');
      return {
        jobId: started.jobId,
        operationId: started.operationId,
        events,
        done: done?.event === 'done' ? done.data : null,
        error: error?.event === 'error' ? error.data.message : null,
      };
    },
  };
}

function reportOf(job: JobView): BurnJobReport | null {
  const parsed = burnJobReportSchema.safeParse(job.report);
  return parsed.success ? parsed.data : null;
}

export type BurnStream = ReturnType<typeof createBurnStream>;
