import {
  FleetError,
  closeJobReportSchema,
  type Clock,
  type CloseJobReport,
  type CloseTokensEvent,
  type CloseTokensResult,
  type JobView,
} from '@fleet/core';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';
import type { CloseExecuteService } from './close-execute-service';
import { TOKEN_CLOSE_JOB_KIND } from './close-tokens-job';

/** How often a follower reads the job's row: the row is the only truth, any process may run it. */
const FOLLOW_EVERY_MS = 500;

/**
 * Spec 2 §7's close-tokens stream, made from the job's durable report rather than from the
 * process running it: any server process can follow any close, and a client that reloads
 * re-attaches by the job's id and hears the same events from the start.
 */
export function createCloseStream(context: {
  readonly jobs: JobService;
  readonly closeExecute: CloseExecuteService;
  readonly clock: Clock;
}) {
  const { jobs, clock } = context;

  async function follow(
    actor: Actor,
    jobId: string,
    emit: (event: CloseTokensEvent) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    let job: JobView = await jobs.get(actor, jobId);
    if (job.kind !== TOKEN_CLOSE_JOB_KIND) throw new FleetError('JOB__NOT_FOUND', { jobId });
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
              closedInThisWallet: wallet.closedInThisWallet,
              skippedInThisWallet: wallet.skippedInThisWallet,
              wallet: wallet.wallet,
              totals: wallet.totals,
            },
          });
        }
      }
      if (job.isDone) {
        if (job.status === 'failed') {
          emit({ event: 'error', data: { message: job.message || 'The close did not finish' } });
          return;
        }
        const totals = report?.totals;
        emit({
          event: 'done',
          data: {
            totalWallets: report?.totalWallets ?? job.totalItems,
            totalClosedAccounts: totals?.closedAccounts ?? 0,
            totalSkippedAccounts: totals?.skippedAccounts ?? 0,
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
      emit: (event: CloseTokensEvent) => void,
      signal?: AbortSignal,
    ): Promise<{ jobId: string; operationId: string }> {
      const started = await context.closeExecute.execute(actor, planId);
      await follow(actor, started.jobId, emit, signal);
      return started;
    },
    /** The same, buffered, for a client that does not stream. */
    async runBuffered(actor: Actor, planId: string): Promise<CloseTokensResult> {
      const events: CloseTokensEvent[] = [];
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

function reportOf(job: JobView): CloseJobReport | null {
  const parsed = closeJobReportSchema.safeParse(job.report);
  return parsed.success ? parsed.data : null;
}

export type CloseStream = ReturnType<typeof createCloseStream>;
