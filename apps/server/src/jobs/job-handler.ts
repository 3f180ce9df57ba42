import type { JobLogLine } from '@fleet/core';
import type { z } from 'zod';

/**
 * What a handler may do while it works. Each call is one short write (or read) in its own
 * tenant-bound transaction: no transaction is held across the handler's own work.
 */
export interface JobContext<Checkpoint> {
  readonly jobId: string;
  readonly tenantId: string;
  /** Where the previous attempt got to (undefined on the first run): resume from here. */
  readonly checkpoint: Checkpoint | undefined;
  readonly processedItems: number;
  readonly totalItems: number;
  /**
   * Records progress and, with it, where to resume from. Throws `JobLeaseLostError` when another
   * worker has taken the job over, so that this one stops.
   */
  progress(processedItems: number, message: string, checkpoint?: Checkpoint): Promise<void>;
  log(level: JobLogLine['level'], line: string): Promise<void>;
  /** The job's summary, answered by `GET /api/jobs/:id` as `report`. */
  report(value: unknown): Promise<void>;
  /**
   * True when the handler should stop now: the job was cancelled, or this worker is shutting down
   * (the job then resumes elsewhere from its checkpoint). Return after it says so.
   */
  isCancelRequested(): Promise<boolean>;
  /** Aborts when this worker is shutting down, for waits inside the handler. */
  readonly signal: AbortSignal;
}

/** One kind of job: how to read its parameters and how to run (or resume) it. */
export interface JobHandler<Params, Checkpoint> {
  readonly kind: string;
  readonly params: z.ZodType<Params>;
  /** Must be resumable: read `context.checkpoint` and go on from there. */
  run(params: Params, context: JobContext<Checkpoint>): Promise<void>;
}

/**
 * Any kind's handler. `run` is a method, whose parameters TypeScript compares both ways, so a
 * handler of any parameter type fits; the runner only calls it with what its own schema parsed.
 */
export type AnyJobHandler = JobHandler<unknown, unknown>;

/** Handlers by kind. */
export type JobRegistry = ReadonlyMap<string, AnyJobHandler>;

export function createJobRegistry(handlers: readonly AnyJobHandler[]): JobRegistry {
  const registry = new Map<string, AnyJobHandler>();
  for (const handler of handlers) {
    if (registry.has(handler.kind)) throw new Error(`two job handlers for ${handler.kind}`);
    registry.set(handler.kind, handler);
  }
  return registry;
}

/** Thrown by a context write when another worker now holds the job. */
export class JobLeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is now held by another worker`);
    this.name = 'JobLeaseLostError';
  }
}
