import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEndpointPool, parseRpcUrlList, type EndpointPool } from '@fleet/chain';
import { jobViewSchema, type DatabaseKind, type JobView } from '@fleet/core';
import { createTestDatabase, type TestDatabase } from '@fleet/db/testing';
import { createLocalnet, type FaultProfile, type Localnet } from '@fleet/localnet';
import { address, createSolanaRpc } from '@solana/kit';
import pino from 'pino';
import type { Actor } from '../http/actor';
import { createJobRegistry } from '../jobs/job-handler';
import { startJobWorkers, type JobWorkers } from '../jobs/job-workers';
import { insertActor, testJobQueue } from '../jobs/jobs-harness';
import { createOutboxMailer } from '../mail/mailer';
import { createServices, type Services } from '../services';
import { createKeyVault, kekFromBytes } from '../vault';
import { newTestKeypair } from './keypairs';

const SOL = 1_000_000_000n;

export interface SolTestBed {
  readonly database: TestDatabase;
  readonly localnet: Localnet;
  readonly pool: EndpointPool;
  readonly services: Services;
  readonly actor: Actor & { readonly ip: string };
  readonly master: string;
  /** Lamports of each address, read from the localnet itself (not through the faulty endpoints). */
  balances(addresses: readonly string[]): Promise<Map<string, bigint>>;
  /** Polls the job until it is done (bounded by `timeoutMs`). */
  runToEnd(jobId: string, timeoutMs?: number): Promise<JobView>;
  close(): Promise<void>;
}

/**
 * The server's own services and job workers on a test database, sending through a pool of the
 * localnet's named endpoints with the given fault profiles, for a tenant whose master holds
 * `masterSol`. For SOL operation tests and benchmarks that need faults the HTTP harness lacks.
 */
export async function createSolTestBed(options: {
  readonly kind: DatabaseKind;
  readonly endpoints: Readonly<Record<string, FaultProfile>>;
  /** URL fragments per endpoint, e.g. `#sendRps=10`; none by default. */
  readonly fragments?: Readonly<Record<string, string>>;
  readonly masterSol?: bigint;
  /** Transactions a job keeps in flight; from the pool's send budget when not set. */
  readonly sendLanes?: number;
}): Promise<SolTestBed> {
  const localnet = await createLocalnet({ endpoints: options.endpoints });
  const database = await createTestDatabase(options.kind);
  const logger = pino({ level: 'silent' });
  const urls = Object.keys(options.endpoints).map(
    (name) => `${localnet.endpoints[name]?.url ?? ''}${options.fragments?.[name] ?? ''}`,
  );
  const pool = createEndpointPool({ endpoints: parseRpcUrlList(urls.join(',')) });
  const queue = testJobQueue(database);
  const services = createServices({
    db: database.db,
    databaseKind: database.kind,
    logger,
    adminToken: 'test-bed-admin-token-0123456789abcdef',
    vault: createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(9)) }),
    chainPool: pool,
    mailer: createOutboxMailer({
      from: 'test-bed@fleet.local',
      outboxDir: mkdtempSync(join(tmpdir(), 'fleet-test-bed-outbox-')),
      logger,
    }),
    jobQueue: queue,
    ...(options.sendLanes === undefined ? {} : { sendLanes: options.sendLanes }),
  });
  const workers: JobWorkers = await startJobWorkers({
    db: database.db,
    queue,
    registry: createJobRegistry(services.jobHandlers),
    logger,
  });
  const actor = { ...(await insertActor(database, 'bed@fleet.local')), ip: '127.0.0.1' };
  const key = newTestKeypair();
  await services.masterWallet.save(actor, { privateKey: key.privateKey });
  await localnet.admin.fund(key.address, (options.masterSol ?? 1_000n) * SOL);
  const rpc = createSolanaRpc(localnet.url);

  return {
    database,
    localnet,
    pool,
    services,
    actor,
    master: key.address,
    async balances(addresses) {
      const found = new Map<string, bigint>();
      for (let start = 0; start < addresses.length; start += 100) {
        const batch = addresses.slice(start, start + 100);
        const { value } = await rpc
          .getMultipleAccounts(
            batch.map((entry) => address(entry)),
            { commitment: 'confirmed', encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
          )
          .send();
        batch.forEach((entry, index) => found.set(entry, value[index]?.lamports ?? 0n));
      }
      return found;
    },
    async runToEnd(jobId, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = jobViewSchema.parse(await services.jobs.get(actor, jobId));
        if (job.isDone) return job;
        if (Date.now() > deadline) throw new Error(`job ${jobId} not done in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async close() {
      await workers.stop();
      await database.close();
      await localnet.close();
    },
  };
}
