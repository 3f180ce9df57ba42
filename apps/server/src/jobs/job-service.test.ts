import { FleetError, JOB_LOG_LINE_LIMIT } from '@fleet/core';
import { withTenant } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../http/actor';
import { createCountJob } from '../testing/count-job';
import { createJobRegistry } from './job-handler';
import { appendJobLogLine } from './job-repository';
import type { JobQueue } from './job-queue';
import { createJobService, type JobService } from './job-service';
import { startJobWorkers, type JobWorkers } from './job-workers';
import { eventually, insertActor, testJobQueue } from './jobs-harness';

const logger = pino({ level: 'silent' });

describe.each(testDatabaseKinds)('durable jobs on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;
  let other: Actor;
  let steps: { jobId: string; step: number; owner: string }[];
  let gate: { step: number; opened: Promise<void>; reached: () => void } | undefined;
  let queues: JobQueue[];
  let workerSets: JobWorkers[];
  let currentOwner = '';
  const registry = () =>
    createJobRegistry([
      createCountJob({
        steps,
        owner: () => currentOwner,
        beforeStep: async (step) => {
          if (gate && step === gate.step) {
            gate.reached();
            await gate.opened;
          }
        },
      }),
    ]);

  const services = (queue: JobQueue): JobService =>
    createJobService({ db: database.db, queue, registry: registry(), now: () => new Date() });

  const workers = async (queue: JobQueue) => {
    const set = await startJobWorkers({
      db: database.db,
      queue,
      registry: registry(),
      logger,
      leaseMs: 2_000,
    });
    workerSets.push(set);
    return set;
  };
  const newQueue = () => {
    const queue = testJobQueue(database);
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    actor = await insertActor(database, `jobs-${kind}@example.com`);
    other = await insertActor(database, `jobs-other-${kind}@example.com`);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    for (const set of workerSets ?? []) await set.stop();
    for (const queue of queues ?? []) await queue.stop();
    gate = undefined;
  });
  const fresh = () => {
    steps = [];
    queues = [];
    workerSets = [];
  };

  it('runs a job to the end with progress, logs and a report, and hides it from other tenants', async () => {
    fresh();
    const queue = newQueue();
    const jobs = services(queue);
    const set = await workers(queue);
    currentOwner = set.owner;
    const { id } = await jobs.enqueue(actor, 'test.count', { to: 5 }, 5);
    const done = await eventually(
      () => jobs.get(actor, id),
      (job) => job.isDone,
    );
    expect(done).toMatchObject({
      status: 'succeeded',
      processedItems: 5,
      totalItems: 5,
      message: 'counted 5 of 5',
      report: { counted: 5 },
    });
    expect(done.logs.map((line) => line.message)).toEqual(['counting to 5']);
    expect(steps.filter((entry) => entry.jobId === id).map((entry) => entry.step)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    // What a waiting caller polls: the same row, without its log lines.
    const { logs: _logs, ...withoutLogs } = done;
    expect(await jobs.state(actor, id)).toEqual(withoutLogs);
    await expect(jobs.get(other, id)).rejects.toMatchObject({ code: 'JOB__NOT_FOUND' });
    await expect(jobs.state(other, id)).rejects.toMatchObject({ code: 'JOB__NOT_FOUND' });
    await expect(jobs.requestAbort(other, id)).rejects.toBeInstanceOf(FleetError);
  }, 60_000);

  it('keeps the newest 400 log lines of a job', async () => {
    fresh();
    const jobs = services(newQueue());
    const { id } = await jobs.enqueue(actor, 'test.count', { to: 1 }, 1);
    await withTenant(database.db, actor.tenantId, async (tx) => {
      for (let line = 1; line <= JOB_LOG_LINE_LIMIT + 5; line += 1)
        await appendJobLogLine(tx, {
          tenantId: actor.tenantId,
          jobId: id,
          at: new Date(),
          level: 'info',
          message: `line ${line}`,
        });
    });
    const { logs } = await jobs.get(actor, id);
    expect(logs).toHaveLength(JOB_LOG_LINE_LIMIT);
    expect(logs[0]?.message).toBe('line 6');
    expect(logs.at(-1)?.message).toBe(`line ${JOB_LOG_LINE_LIMIT + 5}`);
    await jobs.requestAbort(actor, id);
  }, 60_000);

  it('refuses a kind no handler runs and parameters the kind does not accept', async () => {
    fresh();
    const jobs = services(newQueue());
    await expect(jobs.enqueue(actor, 'test.nothing', {}, 0)).rejects.toMatchObject({
      code: 'JOB__UNKNOWN_KIND',
    });
    await expect(jobs.enqueue(actor, 'test.count', { to: -1 }, 0)).rejects.toThrow();
  });

  it('cancels a queued job at once and a running one at its next check', async () => {
    fresh();
    const queue = newQueue();
    const jobs = services(queue);
    const queued = await jobs.enqueue(actor, 'test.count', { to: 3 }, 3);
    expect(await jobs.requestAbort(actor, queued.id)).toMatchObject({
      status: 'cancelled',
      isDone: true,
      cancelRequested: true,
    });

    let reached!: () => void;
    const atStep = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    gate = { step: 2, opened: new Promise<void>((resolve) => (open = resolve)), reached };
    await workers(queue);
    const running = await jobs.enqueue(actor, 'test.count', { to: 10 }, 10);
    await atStep;
    expect((await jobs.requestAbort(actor, running.id)).status).toBe('running');
    open();
    const ended = await eventually(
      () => jobs.get(actor, running.id),
      (job) => job.isDone,
    );
    expect(ended).toMatchObject({ status: 'cancelled', processedItems: 1 });
    // The queued one never ran.
    expect(steps.filter((entry) => entry.jobId === queued.id)).toEqual([]);
    // Aborting a finished job answers it as it is.
    expect((await jobs.requestAbort(actor, running.id)).status).toBe('cancelled');
  }, 60_000);

  it('resumes from its checkpoint on a fresh worker set after the first stopped mid-job, each step once', async () => {
    fresh();
    const firstQueue = newQueue();
    const jobs = services(firstQueue);
    let reached!: () => void;
    const atStep = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    gate = { step: 4, opened: new Promise<void>((resolve) => (open = resolve)), reached };
    const first = await workers(firstQueue);
    currentOwner = first.owner;
    const { id } = await jobs.enqueue(actor, 'test.count', { to: 8 }, 8);
    await atStep;
    // Stop the first set while its handler waits before step 4: it stops at its next check.
    const stopped = first.stop();
    open();
    await stopped;
    const halfway = await jobs.get(actor, id);
    expect(halfway).toMatchObject({ status: 'running', processedItems: 3, isDone: false });

    gate = undefined;
    const second = await workers(newQueue());
    currentOwner = second.owner;
    const done = await eventually(
      () => jobs.get(actor, id),
      (job) => job.isDone,
    );
    expect(done).toMatchObject({ status: 'succeeded', processedItems: 8, report: { counted: 8 } });
    // (Jobs left queued by earlier tests may run too: only this job's steps count.)
    const ofJob = steps.filter((entry) => entry.jobId === id);
    expect(ofJob.map((entry) => entry.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(ofJob.slice(3).map((entry) => entry.owner))).toEqual(new Set([second.owner]));
    expect(done.logs.map((line) => line.message)).toEqual(['counting to 8', 'resuming at 3']);
  }, 60_000);

  it('runs a job once when the queue delivers it again while it still runs in the same worker set', async () => {
    fresh();
    const queue = newQueue();
    const jobs = services(queue);
    let reached!: () => void;
    const atStep = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    gate = { step: 3, opened: new Promise<void>((resolve) => (open = resolve)), reached };
    const set = await workers(queue);
    currentOwner = set.owner;
    const { id } = await jobs.enqueue(actor, 'test.count', { to: 5 }, 5);
    await atStep;
    // Held past the queue's expiry (2 s in tests), pg-boss delivers the job again: the same
    // owner's claim succeeds, so only the runner's own bookkeeping keeps it from running twice.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    open();
    const done = await eventually(
      () => jobs.get(actor, id),
      (job) => job.isDone,
    );
    expect(done).toMatchObject({ status: 'succeeded', processedItems: 5 });
    const ofJob = steps.filter((entry) => entry.jobId === id).map((entry) => entry.step);
    expect(ofJob).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);

  it('shares the jobs between two worker sets on one database, each job running once', async () => {
    fresh();
    const jobs = services(newQueue());
    await workers(newQueue());
    await workers(newQueue());
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1)
      ids.push((await jobs.enqueue(actor, 'test.count', { to: 4 }, 4)).id);
    for (const id of ids) {
      await eventually(
        () => jobs.get(actor, id),
        (job) => job.isDone,
      );
    }
    for (const id of ids) {
      expect((await jobs.get(actor, id)).status).toBe('succeeded');
      expect(steps.filter((entry) => entry.jobId === id).map((entry) => entry.step)).toEqual([
        1, 2, 3, 4,
      ]);
    }
  }, 60_000);
});
