import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRegistry } from './job-handler';
import type { JobQueue } from './job-queue';
import { createJobRunner, JobNotFinishedError } from './job-runner';

export interface JobWorkers {
  /** Who this worker set is in the jobs' leases. */
  readonly owner: string;
  /**
   * Stops taking work, asks running handlers to stop at their next check (their jobs resume
   * elsewhere from the checkpoint) and waits for them, then stops the queue.
   */
  stop(): Promise<void>;
}

export const DEFAULT_JOB_LEASE_MS = 60_000;
export const DEFAULT_JOB_MAX_ATTEMPTS = 20;

/**
 * Subscribes to the queue and runs each delivery's handler. One set per process; several
 * processes on one Postgres share the jobs, each job running in one of them at a time.
 */
export async function startJobWorkers(options: {
  readonly db: FleetDatabase;
  readonly queue: JobQueue;
  readonly registry: JobRegistry;
  readonly logger: FastifyBaseLogger;
  readonly clock?: Clock;
  readonly leaseMs?: number;
  readonly maxAttempts?: number;
}): Promise<JobWorkers> {
  const owner = `worker-${randomUUID()}`;
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  const runDelivery = createJobRunner({
    db: options.db,
    registry: options.registry,
    clock: options.clock ?? systemClock,
    logger: options.logger,
    owner,
    leaseMs: options.leaseMs ?? DEFAULT_JOB_LEASE_MS,
    maxAttempts: options.maxAttempts ?? DEFAULT_JOB_MAX_ATTEMPTS,
    signal: stopping.signal,
  });
  await options.queue.work(async (ref) => {
    if (stopping.signal.aborted) throw new JobNotFinishedError('the worker is stopping');
    const run = runDelivery(ref).catch((error: unknown) => {
      if (!(error instanceof JobNotFinishedError))
        options.logger.error({ err: error, jobId: ref.jobId }, 'job delivery failed');
      throw error;
    });
    const tracked = run.then(
      () => undefined,
      () => undefined,
    );
    running.add(tracked);
    try {
      await run;
    } finally {
      running.delete(tracked);
    }
  });
  return {
    owner,
    async stop() {
      stopping.abort();
      await Promise.all(running);
      await options.queue.stop();
    },
  };
}
