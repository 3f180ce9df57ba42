import { withTenant } from '@fleet/db';
import { createTestDatabase, type TestDatabase } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../http/actor';
import { claimJob, insertJob, writeJobProgress } from './job-repository';
import { insertActor } from './jobs-harness';

// The attempts a job is stopped after count claims that moved it no further. Found by the token
// crash bench (issue 19): a close killed 20 times, each time further on, was failed at its 21st
// claim with a third of its accounts unsent and its ledger's in-flight rows never reconciled.
describe('job attempts', () => {
  let database: TestDatabase;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    actor = await insertActor(database, 'attempts@example.com');
  }, 60_000);
  afterAll(() => database.close());

  const inTenant = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(database.db, actor.tenantId, work);

  /** Claims the job as a new owner (the last one's lease long gone), as a restarted server does. */
  async function claimAfterRestart(jobId: string, restart: number) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, restart));
    const owner = `worker-${restart}`;
    const row = await inTenant((tx) =>
      claimJob(tx, jobId, { owner, now: at, leaseUntil: new Date(at.getTime() + 1_000) }),
    );
    if (!row) throw new Error(`claim ${restart} refused`);
    return { row, owner, at };
  }

  async function newJob() {
    const row = await inTenant((tx) =>
      insertJob(tx, {
        tenantId: actor.tenantId,
        kind: 'count',
        params: {},
        totalItems: 100,
        createdBy: actor.user.id,
        now: new Date(Date.UTC(2026, 0, 1)),
      }),
    );
    return row.id;
  }

  it('restarts from one at each claim that made progress', async () => {
    const jobId = await newJob();
    const seen: number[] = [];
    for (let restart = 1; restart <= 25; restart++) {
      const { row, owner, at } = await claimAfterRestart(jobId, restart);
      seen.push(row.attempts);
      await inTenant((tx) =>
        writeJobProgress(tx, jobId, {
          owner,
          now: at,
          leaseUntil: new Date(at.getTime() + 1_000),
          processedItems: restart * 3,
        }),
      );
    }
    // The first claim counts one; every later one follows a claim that moved the job on.
    expect(seen).toEqual(Array.from({ length: 25 }, (_, n) => (n === 0 ? 1 : 2)));
  });

  it('keeps counting claims that end at the same processed items', async () => {
    const jobId = await newJob();
    const seen: number[] = [];
    for (let restart = 1; restart <= 5; restart++) {
      const { row, owner, at } = await claimAfterRestart(jobId, restart);
      seen.push(row.attempts);
      // The same count written again (a handler that dies at the same step): no reset.
      await inTenant((tx) =>
        writeJobProgress(tx, jobId, {
          owner,
          now: at,
          leaseUntil: new Date(at.getTime() + 1_000),
          processedItems: 7,
        }),
      );
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });
});
