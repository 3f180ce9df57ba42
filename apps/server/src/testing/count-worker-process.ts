// A worker set in a process of its own, for the test that kills one with SIGKILL mid-job:
// `node --import tsx count-worker-process.ts <postgres url> <step delay ms>`. It runs `test.count`
// jobs, waiting the delay before each step, and prints "ready" once it takes work.

import { openDatabase } from '@fleet/db';
import pino from 'pino';
import { createJobRegistry } from '../jobs/job-handler';
import { createJobQueue } from '../jobs/job-queue';
import { startJobWorkers } from '../jobs/job-workers';
import { TEST_JOB_QUEUE_TIMINGS } from '../jobs/jobs-harness';
import { createCountJob } from './count-job';

const [url, delay] = process.argv.slice(2);
if (!url) throw new Error('usage: count-worker-process.ts <postgres url> <step delay ms>');
const stepDelayMs = Number(delay ?? '0');

const database = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
const queue = createJobQueue({
  connection: { kind: 'postgres', url, maxConnections: 2 },
  timings: TEST_JOB_QUEUE_TIMINGS,
});
await startJobWorkers({
  db: database.db,
  queue,
  registry: createJobRegistry([
    createCountJob({
      steps: [],
      beforeStep: () => new Promise((resolve) => setTimeout(resolve, stepDelayMs)),
    }),
  ]),
  logger: pino({ level: 'silent' }),
  leaseMs: 2_000,
});
process.stdout.write('ready\n');
