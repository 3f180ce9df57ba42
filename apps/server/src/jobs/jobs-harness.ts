import { schema } from '@fleet/db';
import type { TestDatabase } from '@fleet/db/testing';
import type { Actor } from '../http/actor';
import { createJobQueue, type JobQueue, type JobQueueTimings } from './job-queue';

/** Short timings so that tests wait for deliveries and redeliveries in about a second. */
export const TEST_JOB_QUEUE_TIMINGS: JobQueueTimings = {
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 2,
  superviseIntervalSeconds: 1,
  retryDelaySeconds: 1,
};

/** A queue on the test database: natively on Postgres, through the adapter on PGlite. */
export function testJobQueue(database: TestDatabase): JobQueue {
  return createJobQueue({
    connection:
      database.kind === 'postgres' && database.url
        ? { kind: 'postgres', url: database.url, maxConnections: 2 }
        : { kind: 'adapter', executeSql: (text, values) => database.executeSql(text, values) },
    timings: TEST_JOB_QUEUE_TIMINGS,
  });
}

/** A tenant with one user, as the actor of service calls. */
export async function insertActor(database: TestDatabase, email: string): Promise<Actor> {
  const [tenant] = await database.db
    .insert(schema.tenants)
    .values({})
    .returning({ id: schema.tenants.id });
  const tenantId = tenant?.id ?? '';
  const [user] = await database.db
    .insert(schema.users)
    .values({ tenantId, email, passwordHash: 'x' })
    .returning({ id: schema.users.id });
  return { tenantId, user: { id: user?.id ?? '', email, role: 'operator' } };
}

/** Polls `check` until it holds (bounded: `timeoutMs`), without sleeping longer than `stepMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  { timeoutMs = 20_000, stepMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
