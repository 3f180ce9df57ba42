// Runs one delivery of "run job X". pg-boss delivers at least once; this makes a delivery safe to
// repeat: the job is claimed under a lease in its own row, the handler resumes from the stored
// checkpoint, and the delivery only completes (returns) once the row is final. Any other outcome
// throws, so pg-boss delivers the job again after its retry delay (decision 023).

import { FleetError, type Clock } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { JobLeaseLostError, type JobContext, type JobRegistry } from './job-handler';
import type { JobRef } from './job-queue';
import {
  appendJobLogLine,
  claimJob,
  findJob,
  finishJob,
  finishUnheldJob,
  releaseJob,
  writeJobProgress,
} from './job-repository';

export interface JobRunnerOptions {
  readonly db: FleetDatabase;
  readonly registry: JobRegistry;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  /** Who holds a lease: unique per worker set (process). */
  readonly owner: string;
  /** How long a claim holds without a write; renewed by every write and by a timer. */
  readonly leaseMs: number;
  /**
   * A job picked up this many times without its processed items growing fails (a handler that
   * kills its process): a job that moves on between restarts is never stopped by them.
   */
  readonly maxAttempts: number;
  /** Aborts when the worker set stops: handlers stop at their next check. */
  readonly signal: AbortSignal;
}

/** The delivery must come again later (someone else holds the job, or this worker stopped). */
export class JobNotFinishedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'JobNotFinishedError';
  }
}

export function createJobRunner(options: JobRunnerOptions) {
  const { db, registry, clock, logger, owner, leaseMs, signal } = options;
  const now = () => new Date(clock.now());
  const leaseUntil = () => new Date(clock.now() + leaseMs);

  // pg-boss redelivers a job whose delivery outlives its expiry, and a claim by this same owner
  // succeeds (it renews), so a second delivery of a job already running here must not run it
  // again beside the first: it waits for that run and ends as it ends.
  const runningHere = new Map<string, Promise<void>>();

  return async function runDelivery(ref: JobRef): Promise<void> {
    const running = runningHere.get(ref.jobId);
    if (running) {
      await running;
      return;
    }
    const run = deliver(ref);
    runningHere.set(ref.jobId, run);
    try {
      await run;
    } finally {
      runningHere.delete(ref.jobId);
    }
  };

  async function deliver(ref: JobRef): Promise<void> {
    const { tenantId, jobId } = ref;
    const bound = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(db, tenantId, work);

    // 1. take the job, or learn why not
    const claimed = await bound((tx) =>
      claimJob(tx, jobId, { owner, now: now(), leaseUntil: leaseUntil() }),
    );
    if (!claimed) {
      const row = await bound((tx) => findJob(tx, jobId));
      if (
        !row ||
        row.status === 'succeeded' ||
        row.status === 'failed' ||
        row.status === 'cancelled'
      )
        return;
      if (row.cancelRequested) {
        // Cancelled before anyone held it (or its holder died): end it here.
        if (await bound((tx) => finishUnheldJob(tx, jobId, { now: now(), status: 'cancelled' })))
          return;
      }
      throw new JobNotFinishedError(`job ${jobId} is held by another worker`);
    }
    const finish = (status: 'succeeded' | 'failed' | 'cancelled', message?: string) =>
      bound((tx) =>
        finishJob(tx, jobId, {
          owner,
          now: now(),
          status,
          ...(message === undefined ? {} : { message }),
        }),
      );

    // 2. give up on a job that keeps coming back unfinished
    if (claimed.attempts > options.maxAttempts) {
      await finish('failed', `Stopped after ${options.maxAttempts} attempts`);
      return;
    }
    const handler = registry.get(claimed.kind);
    if (!handler) {
      await finish('failed', new FleetError('JOB__UNKNOWN_KIND', { kind: claimed.kind }).message);
      return;
    }
    const params = handler.params.safeParse(claimed.params);
    if (!params.success) {
      await finish('failed', 'The job has parameters this server cannot read');
      return;
    }

    // 3. run it, the lease kept alive by each write and by a timer for long steps
    let cancelSeen = false;
    let leaseLost = false;
    const write = async (
      fields: Omit<Parameters<typeof writeJobProgress>[2], 'owner' | 'now' | 'leaseUntil'>,
    ) => {
      const written = await bound((tx) =>
        writeJobProgress(tx, jobId, { ...fields, owner, now: now(), leaseUntil: leaseUntil() }),
      );
      if (!written) {
        leaseLost = true;
        throw new JobLeaseLostError(jobId);
      }
      if (written.cancelRequested) cancelSeen = true;
      return written;
    };
    const context: JobContext<unknown> = {
      jobId,
      tenantId,
      checkpoint: claimed.checkpoint ?? undefined,
      processedItems: claimed.processedItems,
      totalItems: claimed.totalItems,
      signal,
      async progress(processedItems, message, checkpoint) {
        await write({
          processedItems,
          message,
          ...(checkpoint === undefined ? {} : { checkpoint }),
        });
      },
      async log(level, line) {
        await bound((tx) =>
          appendJobLogLine(tx, { tenantId, jobId, at: now(), level, message: line }),
        );
      },
      async report(value) {
        await write({ report: value });
      },
      async isCancelRequested() {
        if (signal.aborted) return true;
        return (await write({})).cancelRequested;
      },
    };
    let renewing = Promise.resolve();
    const renew = () => {
      renewing = write({}).then(
        () => undefined,
        () => undefined,
      );
      stopRenewing = clock.schedule(renew, leaseMs / 3);
    };
    let stopRenewing = clock.schedule(renew, leaseMs / 3);
    let failure: unknown;
    try {
      await handler.run(params.data, context);
    } catch (error) {
      failure = error;
    } finally {
      stopRenewing();
      await renewing;
    }

    // 4. record how it ended; only a final row completes the delivery
    if (leaseLost || failure instanceof JobLeaseLostError) {
      throw new JobNotFinishedError(`job ${jobId} was taken over by another worker`);
    }
    if (failure !== undefined) {
      if (signal.aborted && !(failure instanceof FleetError)) {
        await bound((tx) => releaseJob(tx, jobId, { owner, now: now() }));
        throw new JobNotFinishedError(`job ${jobId} was interrupted`);
      }
      logger.warn({ err: failure, jobId, kind: claimed.kind }, 'job failed');
      const message =
        failure instanceof FleetError ? failure.message : 'The job failed unexpectedly';
      if (!(await finish('failed', message))) throw new JobNotFinishedError('lease lost');
      return;
    }
    const latest = await bound((tx) => findJob(tx, jobId));
    if (cancelSeen || latest?.cancelRequested) {
      if (!(await finish('cancelled', 'Cancelled'))) throw new JobNotFinishedError('lease lost');
      return;
    }
    if (signal.aborted) {
      // The handler stopped because this worker is stopping: resume elsewhere from the checkpoint.
      await bound((tx) => releaseJob(tx, jobId, { owner, now: now() }));
      throw new JobNotFinishedError(`job ${jobId} was interrupted`);
    }
    if (!(await finish('succeeded'))) throw new JobNotFinishedError('lease lost');
  }
}
