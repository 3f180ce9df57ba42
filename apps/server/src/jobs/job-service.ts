import { FleetError, isFinalJobStatus, type JobList, type JobView } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import type { JobRegistry } from './job-handler';
import type { JobQueue } from './job-queue';
import {
  finishUnheldJob,
  findJob,
  insertJob,
  listJobSummaries,
  readJobLogLines,
  requestJobCancel,
  type JobRow,
} from './job-repository';

/**
 * Durable jobs as the API sees them (decision 023): a job is a row of `jobs`; the queue only
 * delivers "run job X" to a worker (`job-runner.ts`).
 */
export function createJobService(context: {
  readonly db: FleetDatabase;
  readonly queue: JobQueue;
  readonly registry: JobRegistry;
  readonly now: () => Date;
}) {
  const { db, queue, registry, now } = context;

  async function view(actor: Actor, jobId: string): Promise<JobView> {
    return withTenant(db, actor.tenantId, async (tx) => {
      const row = await findJob(tx, jobId);
      if (!row) throw new FleetError('JOB__NOT_FOUND', { jobId });
      return jobViewOf(row, await readJobLogLines(tx, jobId));
    });
  }

  return {
    /**
     * Records a job of `kind` for the actor's tenant, then asks the queue to run it. The row is
     * committed before the queue hears of it, so a delivery always finds its job.
     */
    async enqueue(actor: Actor, kind: string, params: unknown, totalItems: number) {
      const handler = registry.get(kind);
      if (!handler) throw new FleetError('JOB__UNKNOWN_KIND', { kind });
      const parsed: unknown = handler.params.parse(params);
      // 1. the job, queued
      const row = await withTenant(db, actor.tenantId, (tx) =>
        insertJob(tx, {
          tenantId: actor.tenantId,
          kind,
          params: parsed,
          totalItems,
          createdBy: actor.user.id,
          now: now(),
        }),
      );
      // 2. its delivery; a job the queue never heard of must not stay queued for ever
      try {
        await queue.send({ tenantId: actor.tenantId, jobId: row.id });
      } catch (error) {
        await withTenant(db, actor.tenantId, (tx) =>
          finishUnheldJob(tx, row.id, {
            now: now(),
            status: 'failed',
            message: 'The job could not be queued',
          }),
        );
        throw error;
      }
      return { id: row.id };
    },

    /**
     * Hands a job already inserted (by a feature, in its own transaction, beside the rows the job
     * works on) to the queue; a job the queue never heard of is failed rather than left queued.
     */
    async dispatch(tenantId: string, jobId: string): Promise<void> {
      try {
        await queue.send({ tenantId, jobId });
      } catch (error) {
        await withTenant(db, tenantId, (tx) =>
          finishUnheldJob(tx, jobId, {
            now: now(),
            status: 'failed',
            message: 'The job could not be queued',
          }),
        );
        throw error;
      }
    },

    /** The job with its newest log lines; another tenant's job is not found. */
    get: view,

    /**
     * The job without its log lines: what a caller waiting for the job to end polls (one row
     * read, not the row and its 400 lines).
     */
    async state(actor: Actor, jobId: string): Promise<Omit<JobView, 'logs'>> {
      const row = await withTenant(db, actor.tenantId, (tx) => findJob(tx, jobId));
      if (!row) throw new FleetError('JOB__NOT_FOUND', { jobId });
      const { logs: _logs, ...state } = jobViewOf(row, []);
      return state;
    },

    /**
     * `GET /api/jobs`: the tenant's queued and running jobs oldest first (`active`), or its newest
     * jobs of any status; each with the ledger operation it runs. What the bottom bar polls.
     */
    async list(actor: Actor, filter: { readonly active: boolean }): Promise<JobList> {
      const rows = await withTenant(db, actor.tenantId, (tx) =>
        listJobSummaries(tx, actor.tenantId, filter),
      );
      return {
        jobs: rows.map((row) => {
          const { logs: _logs, ...summary } = jobViewOf(row, []);
          return { ...summary, operationId: row.operationId };
        }),
      };
    },

    /** Asks the job to stop (idempotent: a final job is answered as it is). */
    async requestAbort(actor: Actor, jobId: string): Promise<JobView> {
      await withTenant(db, actor.tenantId, async (tx) => {
        const row = await requestJobCancel(tx, jobId, now());
        if (!row) throw new FleetError('JOB__NOT_FOUND', { jobId });
      });
      return view(actor, jobId);
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;

function jobViewOf(row: JobRow, logs: JobView['logs']): JobView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    processedItems: row.processedItems,
    totalItems: row.totalItems,
    message: row.message,
    isDone: isFinalJobStatus(row.status),
    cancelRequested: row.cancelRequested,
    report: row.report ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    logs,
  };
}
