import { jobListSchema, type JobList, type JobStatus } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob, RECENT_JOBS_LIMIT } from '../../jobs/job-repository';
import { consumePlan, createOperation, savePlan } from '../../ledger/ledger-repository';
import { newTestKeypair } from '../../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../../testing/test-app';

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

describe.each(testDatabaseKinds)('GET /api/jobs on %s', (kind) => {
  let harness: TestApp;
  let operator: Operator;
  let other: Operator;
  const ids: Record<string, string> = {};

  /** A job row as a worker would leave it; no queue is needed to list jobs. */
  async function job(name: string, as: Operator, status: JobStatus, minutes: number) {
    const row = await withTenant(harness.database.db, as.tenantId, async (tx) => {
      const inserted = await insertJob(tx, {
        tenantId: as.tenantId,
        kind: 'test.count',
        params: { to: 3 },
        totalItems: 3,
        createdBy: null,
        now: at(minutes),
      });
      await tx
        .update(schema.jobs)
        .set({
          status,
          finishedAt: status === 'queued' || status === 'running' ? null : at(minutes),
        })
        .where(eq(schema.jobs.id, inserted.id));
      return inserted;
    });
    ids[name] = row.id;
    return row.id;
  }

  /** A ledger operation run by `jobId`, as the execute step records it. */
  async function operationFor(jobId: string, as: Operator) {
    return withTenant(harness.database.db, as.tenantId, async (tx) => {
      const plan = { recipients: [newTestKeypair().address], lamports: '1000000' };
      const planId = await savePlan(tx, as.tenantId, {
        kind: 'sol.distribute',
        plan,
        createdBy: null,
        now: at(0),
      });
      await consumePlan(tx, planId, at(0));
      const operation = await createOperation(tx, {
        tenantId: as.tenantId,
        kind: 'sol.distribute',
        createdBy: null,
        planId,
        parameters: {},
        items: [],
        jobId,
        now: at(0),
      });
      return operation.id;
    });
  }

  const list = async (query: string, as: Operator = operator): Promise<JobList> => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/jobs${query}`,
      cookies: { fleet_session: as.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return jobListSchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await createTestApp(kind);
    operator = await createOperator(harness.app, 'jobs-list@example.com');
    other = await createOperator(harness.app, 'jobs-list-other@example.com');
    // Written out of order, so the order of the answer comes from the creation times.
    await job('running', operator, 'running', 2);
    await job('queued', operator, 'queued', 1);
    await job('succeeded', operator, 'succeeded', 3);
    await job('failed', operator, 'failed', 4);
    await job('cancelled', operator, 'cancelled', 5);
    await job('foreignRunning', other, 'running', 0);
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it('lists the queued and running jobs oldest first, by default and with active=true', async () => {
    for (const query of ['', '?active=true']) {
      const { jobs } = await list(query);
      expect(jobs.map((entry) => entry.id)).toEqual([ids['queued'], ids['running']]);
      expect(jobs[0]).toMatchObject({
        kind: 'test.count',
        status: 'queued',
        processedItems: 0,
        totalItems: 3,
        isDone: false,
        cancelRequested: false,
        report: null,
        finishedAt: null,
        operationId: null,
      });
      expect(jobs[0]).not.toHaveProperty('logs');
    }
  });

  it('lists jobs of any status newest first with active=false', async () => {
    const { jobs } = await list('?active=false');
    expect(jobs.map((entry) => entry.id)).toEqual(
      ['cancelled', 'failed', 'succeeded', 'running', 'queued'].map((name) => ids[name]),
    );
    expect(jobs.find((entry) => entry.id === ids['failed'])).toMatchObject({
      status: 'failed',
      isDone: true,
    });
  });

  it("never shows another tenant's jobs", async () => {
    const mine = [...(await list('?active=true')).jobs, ...(await list('?active=false')).jobs];
    expect(mine.map((entry) => entry.id)).not.toContain(ids['foreignRunning']);
    const theirs = await list('?active=true', other);
    expect(theirs.jobs.map((entry) => entry.id)).toEqual([ids['foreignRunning']]);
  });

  it('names the ledger operation a job runs', async () => {
    const runningOperation = await operationFor(ids['running'] ?? '', operator);
    const failedOperation = await operationFor(ids['failed'] ?? '', operator);
    const active = await list('?active=true');
    expect(active.jobs.map((entry) => [entry.id, entry.operationId])).toEqual([
      [ids['queued'], null],
      [ids['running'], runningOperation],
    ]);
    const recent = await list('?active=false');
    expect(recent.jobs.find((entry) => entry.id === ids['failed'])?.operationId).toBe(
      failedOperation,
    );
    // The other tenant's running job is not linked to anything of this tenant's.
    expect((await list('?active=true', other)).jobs[0]?.operationId).toBeNull();
  });

  it(`answers at most the newest ${RECENT_JOBS_LIMIT} jobs with active=false`, async () => {
    for (let index = 0; index < RECENT_JOBS_LIMIT; index += 1) {
      await job(`bulk${index}`, other, 'succeeded', 10 + index);
    }
    const { jobs } = await list('?active=false', other);
    expect(jobs).toHaveLength(RECENT_JOBS_LIMIT);
    expect(jobs[0]?.id).toBe(ids[`bulk${RECENT_JOBS_LIMIT - 1}`]);
    expect(jobs.map((entry) => entry.id)).not.toContain(ids['foreignRunning']);
  }, 60_000);

  it('refuses a bad active flag with a 400 and no session with a 401', async () => {
    const bad = await harness.app.inject({
      method: 'GET',
      url: '/api/jobs?active=yes',
      cookies: { fleet_session: operator.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('active must be true or false');
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/jobs' });
    expect(anonymous.statusCode).toBe(401);
  });
});
