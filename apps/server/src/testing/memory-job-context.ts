import type { JobContext } from '../jobs/job-handler';

/** Thrown by a first run's context where its process would have been killed. */
export class Killed extends Error {}

/**
 * A job context in memory: what the kernel would store, kept in `state`. With `killAtCheckpoint`
 * the n-th checkpoint is never stored and the run stops there, as a process killed between a
 * batch's write and its checkpoint would.
 */
export function memoryJobContext<Checkpoint>(
  tenantId: string,
  checkpoint: Checkpoint | undefined,
  options: {
    readonly killAtCheckpoint?: number;
    readonly processed?: number;
    /** Answers true from the n-th question on: a Cancel pressed while the job runs. */
    readonly cancelAtCheck?: number;
  } = {},
) {
  const state = {
    checkpoint,
    processed: options.processed ?? 0,
    report: undefined as unknown,
    logs: [] as string[],
    checkpoints: 0,
    cancelChecks: 0,
  };
  const context: JobContext<Checkpoint> = {
    jobId: '00000000-0000-4000-8000-000000000001',
    tenantId,
    checkpoint,
    processedItems: state.processed,
    totalItems: 0,
    signal: new AbortController().signal,
    progress(processed, _message, next) {
      if (next !== undefined) {
        state.checkpoints += 1;
        if (state.checkpoints === options.killAtCheckpoint) {
          return Promise.reject(new Killed('killed'));
        }
        state.checkpoint = next;
      }
      state.processed = processed;
      return Promise.resolve();
    },
    log(_level, line) {
      state.logs.push(line);
      return Promise.resolve();
    },
    report(value) {
      state.report = value;
      return Promise.resolve();
    },
    isCancelRequested: () => {
      state.cancelChecks += 1;
      const at = options.cancelAtCheck;
      return Promise.resolve(at !== undefined && state.cancelChecks >= at);
    },
  };
  return { context, state };
}
