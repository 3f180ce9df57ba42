import { FleetError, type Clock, type JobView } from '@fleet/core';
import type { Actor } from '../http/actor';
import type { JobService } from '../jobs/job-service';

/** How often a follower reads the job's row: the row is the only truth, any process may run it. */
const FOLLOW_EVERY_MS = 500;

/** A stream's events as spec 2 §7 names them: start, one per wallet, then done or error. */
export type JobStreamEvent<WalletData, DoneData> =
  | { readonly event: 'start'; readonly data: { totalWallets: number; jobId: string } }
  | { readonly event: 'wallet'; readonly data: WalletData }
  | { readonly event: 'error'; readonly data: { message: string } }
  | { readonly event: 'done'; readonly data: DoneData };

/** What differs between the close's and the burn's stream. */
export interface JobStreamShape<Report, WalletData, DoneData> {
  /** The job kind followed; another kind's job is not found (its events are not these). */
  readonly kind: string;
  /** The job's durable report, checked; null until the job has written one. */
  report(job: JobView): Report | null;
  /** The report's wallets finished so far, in the order they finished. */
  walletCount(report: Report): number;
  /** The event of the `index`-th finished wallet (counted from 0). */
  wallet(report: Report, index: number): WalletData | null;
  done(report: Report | null, job: JobView): DoneData;
  /** The message when a failed job left none. */
  readonly failedMessage: string;
  /** Executes a confirmed plan: the job that runs it and its operation. */
  execute(actor: Actor, planId: string): Promise<{ jobId: string; operationId: string }>;
}

/**
 * A token operation's stream made from its job's durable report rather than from the process
 * running it: any server process can follow any job, and a client that reloads re-attaches by
 * the job's id and hears the same events from the start.
 */
export function createJobEventStream<Report, WalletData, DoneData>(
  context: { readonly jobs: JobService; readonly clock: Clock },
  shape: JobStreamShape<Report, WalletData, DoneData>,
) {
  type Event = JobStreamEvent<WalletData, DoneData>;
  const { jobs, clock } = context;

  async function follow(
    actor: Actor,
    jobId: string,
    emit: (event: Event) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    let job: JobView = await jobs.get(actor, jobId);
    if (job.kind !== shape.kind) throw new FleetError('JOB__NOT_FOUND', { jobId });
    emit({ event: 'start', data: { totalWallets: job.totalItems, jobId } });
    let told = 0;
    for (;;) {
      const report = shape.report(job);
      if (report) {
        for (; told < shape.walletCount(report); told += 1) {
          const wallet = shape.wallet(report, told);
          if (wallet === null) break;
          emit({ event: 'wallet', data: wallet });
        }
      }
      if (job.isDone) {
        if (job.status === 'failed') {
          emit({ event: 'error', data: { message: job.message || shape.failedMessage } });
        } else {
          emit({ event: 'done', data: shape.done(report, job) });
        }
        return;
      }
      await clock.sleep(FOLLOW_EVERY_MS, signal);
      if (signal?.aborted) return;
      job = await jobs.get(actor, jobId);
    }
  }

  async function run(
    actor: Actor,
    planId: string,
    emit: (event: Event) => void,
    signal?: AbortSignal,
  ): Promise<{ jobId: string; operationId: string }> {
    const started = await shape.execute(actor, planId);
    await follow(actor, started.jobId, emit, signal);
    return started;
  }

  return {
    follow,
    /** Executes the plan and follows its job; `emit` hears every event as it comes. */
    run,
    /** The same, buffered, for a client that does not stream. */
    async runBuffered(actor: Actor, planId: string) {
      const events: Event[] = [];
      const started = await run(actor, planId, (event) => events.push(event));
      let done: DoneData | null = null;
      let error: string | null = null;
      for (const event of events) {
        if (event.event === 'done') done = event.data;
        if (event.event === 'error' && error === null) error = event.data.message;
      }
      return { jobId: started.jobId, operationId: started.operationId, events, done, error };
    },
  };
}
