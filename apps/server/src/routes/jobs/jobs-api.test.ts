import { jobViewSchema, type JobView } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fleet/db';
import { eq } from 'drizzle-orm';
import { createJobRegistry } from '../../jobs/job-handler';
import { createJobService, type JobService } from '../../jobs/job-service';
import { startJobWorkers, type JobWorkers } from '../../jobs/job-workers';
import { eventually, testJobQueue } from '../../jobs/jobs-harness';
import type { JobQueue } from '../../jobs/job-queue';
import { createCountJob } from '../../testing/count-job';
import { createOperator, createTestApp, type Operator, type TestApp } from '../../testing/test-app';

describe.each(testDatabaseKinds)('jobs API on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  let queue: JobQueue | undefined;
  let workers: JobWorkers | undefined;
  let starter: JobService;
  const steps: { jobId: string; step: number; owner: string }[] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const countJob = createCountJob({
    steps,
    // The job of the abort test waits at step 3 until the test lets it go on.
    beforeStep: (step) => (step === 3 ? opened : Promise.resolve()),
  });

  beforeAll(async () => {
    harness = await createTestApp(kind);
    queue = testJobQueue(harness.database);
    const registry = createJobRegistry([countJob]);
    workers = await startJobWorkers({
      db: harness.database.db,
      queue,
      registry,
      logger: harness.app.log,
      leaseMs: 2_000,
    });
    // Jobs are started by the features that need them; here the test starts them directly.
    starter = createJobService({ db: harness.database.db, queue, registry, now: () => new Date() });
    operator = await createOperator(harness.app, 'jobs@example.com');
    other = await createOperator(harness.app, 'jobs-other@example.com');
  }, 60_000);
  afterAll(async () => {
    open();
    await workers?.stop();
    await queue?.stop();
    await harness.close();
  });

  const call = (method: 'GET' | 'POST', url: string, as: Operator = operator) =>
    harness.app.inject({ method, url, cookies: { fleet_session: as.cookie } });

  const getJob = async (id: string, as: Operator = operator): Promise<JobView> => {
    const response = await call('GET', `/api/jobs/${id}`, as);
    expect(response.statusCode).toBe(200);
    return jobViewSchema.parse(response.json());
  };

  const enqueue = async (to: number) => {
    const [user] = await harness.database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, operator.email));
    const actor = {
      tenantId: operator.tenantId,
      user: { id: user?.id ?? '', email: operator.email, role: 'operator' },
    };
    return starter.enqueue(actor, 'test.count', { to }, to);
  };

  it('answers a job with progress, isDone and its report, and 404 for another tenant', async () => {
    const { id } = await enqueue(2);
    const done = await eventually(
      () => getJob(id),
      (job) => job.isDone,
    );
    expect(done).toMatchObject({
      id,
      kind: 'test.count',
      status: 'succeeded',
      processedItems: 2,
      totalItems: 2,
      isDone: true,
      report: { counted: 2 },
    });
    const foreign = await call('GET', `/api/jobs/${id}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'JOB__NOT_FOUND' });
    const abortForeign = await call('POST', `/api/jobs/${id}/abort`, other);
    expect(abortForeign.statusCode).toBe(404);
    expect((await call('GET', '/api/jobs/not-a-uuid')).statusCode).toBe(404);
  }, 60_000);

  it('aborts a running job', async () => {
    const { id } = await enqueue(10);
    await eventually(
      () => getJob(id),
      (job) => job.processedItems === 2,
    );
    const aborting = await call('POST', `/api/jobs/${id}/abort`);
    expect(aborting.statusCode).toBe(200);
    expect(jobViewSchema.parse(aborting.json())).toMatchObject({ cancelRequested: true });
    open();
    const ended = await eventually(
      () => getJob(id),
      (job) => job.isDone,
    );
    expect(ended).toMatchObject({ status: 'cancelled', processedItems: 2 });
  }, 60_000);

  it('refuses without a session', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/jobs/x' });
    expect(response.statusCode).toBe(401);
  });
});
