// The one module that knows pg-boss. It delivers "run job X" at least once; what a job is, how far
// it got and whether it is finished live in Fleet's own `jobs` table (decision 023).

import PgBoss from 'pg-boss';

/** What a delivery carries: which tenant's job to run. Everything else is read from the row. */
export interface JobRef {
  readonly tenantId: string;
  readonly jobId: string;
}

/** How pg-boss reaches the database. */
export type JobQueueConnection =
  /** The Postgres server: pg-boss opens its own small pool. */
  | { readonly kind: 'postgres'; readonly url: string; readonly maxConnections?: number }
  /** Any other database (PGlite) through pg-boss's `db: { executeSql }` adapter. */
  | {
      readonly kind: 'adapter';
      readonly executeSql: (
        text: string,
        values: readonly unknown[],
      ) => Promise<{ rows: unknown[] }>;
    };

/** Timings; the defaults suit production, tests shorten them. */
export interface JobQueueTimings {
  /** How often an idle worker asks for work (pg-boss allows 0.5 s at least). */
  readonly pollingIntervalSeconds: number;
  /** An active delivery not finished by then is failed and delivered again (a killed process). */
  readonly expireInSeconds: number;
  /** How often pg-boss looks for expired deliveries. */
  readonly superviseIntervalSeconds: number;
  /** The wait before a failed delivery (busy elsewhere, interrupted) is delivered again. */
  readonly retryDelaySeconds: number;
}

export const DEFAULT_JOB_QUEUE_TIMINGS: JobQueueTimings = {
  pollingIntervalSeconds: 2,
  expireInSeconds: 60,
  superviseIntervalSeconds: 15,
  retryDelaySeconds: 15,
};

export const JOB_QUEUE_NAME = 'fleet-jobs';
/** pg-boss's own schema, beside Fleet's tables (which stay in `public`). */
export const JOB_QUEUE_SCHEMA = 'pgboss';
/**
 * Deliveries are retried until our own row says the job is final; the row's `attempts` bounds how
 * often a job is really picked up, so this only has to outlast long jobs' busy redeliveries.
 */
const RETRY_LIMIT = 1_000_000;

export interface JobQueue {
  /** Asks for `ref` to be run (once the queue has started). */
  send(ref: JobRef): Promise<void>;
  /** Runs `handler` for each delivery; a throw makes pg-boss deliver the job again later. */
  work(handler: (ref: JobRef) => Promise<void>): Promise<void>;
  /**
   * Stops fetching. Deliveries still in hand are failed, so they are delivered again after the
   * retry delay (to another process, or this one after a restart).
   */
  stop(): Promise<void>;
}

export function createJobQueue(options: {
  readonly connection: JobQueueConnection;
  readonly timings?: Partial<JobQueueTimings>;
  readonly onError?: (error: unknown) => void;
}): JobQueue {
  const timings = { ...DEFAULT_JOB_QUEUE_TIMINGS, ...options.timings };
  const { connection } = options;
  const boss = new PgBoss({
    ...(connection.kind === 'postgres'
      ? {
          connectionString: connection.url,
          max: connection.maxConnections ?? 4,
          application_name: 'fleet-jobs',
        }
      : {
          db: {
            // pg-boss passes no array at all for statements without parameters.
            executeSql: (text: string, values?: readonly unknown[]) =>
              connection.executeSql(text, values ?? []),
          },
        }),
    schema: JOB_QUEUE_SCHEMA,
    // Cron schedules are not used; their timers would only poll.
    schedule: false,
    superviseIntervalSeconds: timings.superviseIntervalSeconds,
    monitorIntervalSeconds: timings.superviseIntervalSeconds,
  });
  boss.on('error', (error) => options.onError?.(error));

  const queueOptions = {
    expireInSeconds: timings.expireInSeconds,
    retryLimit: RETRY_LIMIT,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: false,
  };
  let started: Promise<void> | undefined;
  // This process's worker, woken by its own sends: a job queued here starts now rather than at
  // the worker's next poll (up to `pollingIntervalSeconds` later). Other processes still poll.
  let workerId: string | null = null;
  const start = () =>
    (started ??= (async () => {
      await boss.start();
      // pg-boss writes into the options it is given: each call gets its own copy. A queue made by
      // an earlier version of this server takes today's timings.
      await boss.createQueue(JOB_QUEUE_NAME, { ...queueOptions });
      await boss.updateQueue(JOB_QUEUE_NAME, { ...queueOptions });
    })());

  return {
    async send(ref) {
      await start();
      await boss.send(JOB_QUEUE_NAME, { tenantId: ref.tenantId, jobId: ref.jobId });
      if (workerId !== null) boss.notifyWorker(workerId);
    },
    async work(handler) {
      await start();
      workerId = await boss.work<JobRef>(
        JOB_QUEUE_NAME,
        { pollingIntervalSeconds: timings.pollingIntervalSeconds, batchSize: 1 },
        async (deliveries) => {
          for (const delivery of deliveries) await handler(delivery.data);
        },
      );
    },
    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: false, close: true });
    },
  };
}

/**
 * Installs (or upgrades) pg-boss's schema as the tables' owner and lets `grantee` use it, for the
 * two-URL setup where the serving role may not create schemas (decision 013). The serving role's
 * own pg-boss then finds its schema current and changes no definitions.
 */
export async function installJobQueueSchema(ownerUrl: string, grantee: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    max: 1,
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
    application_name: 'fleet-migrate',
  });
  await boss.start();
  try {
    await boss.getDb().executeSql(
      `grant usage on schema ${JOB_QUEUE_SCHEMA} to ${grantee};
         grant select, insert, update, delete on all tables in schema ${JOB_QUEUE_SCHEMA} to ${grantee};
         grant usage, select on all sequences in schema ${JOB_QUEUE_SCHEMA} to ${grantee}`,
      [],
    );
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}
