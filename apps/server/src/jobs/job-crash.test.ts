import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../http/actor';
import { createCountJob } from '../testing/count-job';
import { createJobRegistry } from './job-handler';
import { createJobService } from './job-service';
import { startJobWorkers, type JobWorkers } from './job-workers';
import { eventually, insertActor, testJobQueue } from './jobs-harness';
import type { JobQueue } from './job-queue';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const WORKER = fileURLToPath(new URL('../testing/count-worker-process.ts', import.meta.url));

/** Starts a worker set in its own process and resolves once it takes work. */
function spawnWorkerProcess(url: string, stepDelayMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, url, String(stepDelayMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the worker process did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker process exited (${code}):\n${output}`));
    });
  });
}

// Two processes share one database only on the Postgres server.
describe.each(testDatabaseKinds.filter((kind) => kind === 'postgres'))(
  'a job whose worker process is killed on %s',
  (kind) => {
    let database: TestDatabase;
    let actor: Actor;
    let child: ChildProcess | undefined;
    let queues: JobQueue[] = [];
    let survivor: JobWorkers | undefined;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      actor = await insertActor(database, 'crash@example.com');
    }, 60_000);
    afterAll(async () => {
      child?.kill('SIGKILL');
      await survivor?.stop();
      for (const queue of queues) await queue.stop();
      await database.close();
    });

    it('is finished by the other worker set from its checkpoint after kill -9', async () => {
      const steps: { jobId: string; step: number; owner: string }[] = [];
      const registry = createJobRegistry([createCountJob({ steps })]);
      const starter = testJobQueue(database);
      queues = [starter];
      const jobs = createJobService({
        db: database.db,
        queue: starter,
        registry,
        now: () => new Date(),
      });
      child = await spawnWorkerProcess(database.url ?? '', 100);
      const { id } = await jobs.enqueue(actor, 'test.count', { to: 40 }, 40);
      const before = await eventually(
        () => jobs.get(actor, id),
        (job) => job.processedItems >= 5,
      );
      expect(before.status).toBe('running');
      child.kill('SIGKILL');
      await new Promise((resolve) => child?.once('exit', resolve));
      const killedAt = (await jobs.get(actor, id)).processedItems;
      expect(killedAt).toBeLessThan(40);

      const queue = testJobQueue(database);
      queues.push(queue);
      survivor = await startJobWorkers({
        db: database.db,
        queue,
        registry,
        logger: pino({ level: 'silent' }),
        leaseMs: 2_000,
      });
      const done = await eventually(
        () => jobs.get(actor, id),
        (job) => job.isDone,
        { timeoutMs: 30_000, stepMs: 100 },
      );
      expect(done).toMatchObject({
        status: 'succeeded',
        processedItems: 40,
        report: { counted: 40 },
      });
      // The survivor did only the steps the killed process had not checkpointed, each once.
      expect(steps.map((entry) => entry.step)).toEqual(
        Array.from({ length: 40 - killedAt }, (_, index) => killedAt + 1 + index),
      );
      expect(done.logs.map((line) => line.message)).toEqual([
        'counting to 40',
        `resuming at ${killedAt}`,
      ]);
    }, 90_000);
  },
);
