import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createBalanceReader, createEndpointPool } from '@fleet/chain';
import type { DatabaseKind } from '@fleet/core';
import { openDatabase } from '@fleet/db';
import { createTestDatabase, type TestDatabase, type TestLogin } from '@fleet/db/testing';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppContext } from '../app';
import { createJobRegistry } from '../jobs/job-handler';
import { startJobWorkers, type JobWorkers } from '../jobs/job-workers';
import { testJobQueue } from '../jobs/jobs-harness';
import { createServices } from '../services';
import { createLogger } from '../logging/create-logger';
import { createOutboxMailer } from '../mail/mailer';
import { createKeyVault, kekFromBytes } from '../vault';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly localnet: Localnet;
  readonly outboxDir: string;
  /** Every log line the app wrote, for redaction checks. */
  readonly logs: string[];
  close(): Promise<void>;
}

/** Options of a test app beyond the app's own context. */
export interface TestAppOptions {
  /** Run jobs: a queue on the test database and this process's workers (money operations). */
  readonly withJobs?: boolean;
  /**
   * The chain to read and send to, started by the test (one with the sandbox market, say) and
   * closed by it; a fresh localnet of the app's own otherwise.
   */
  readonly localnet?: Localnet;
}

/** The whole server on a fresh test database, with a real localnet for chain reads. */
export async function createTestApp(
  kind: DatabaseKind,
  {
    login,
    withJobs,
    localnet: given,
    ...overrides
  }: Partial<AppContext> &
    TestAppOptions & {
      readonly adminToken?: string;
      /** The role the app's connection signs in as (the test database's superuser by default). */
      readonly login?: TestLogin;
    } = {},
): Promise<TestApp> {
  const [database, localnet] = await Promise.all([
    createTestDatabase(kind, login ? { login } : {}),
    given ?? createLocalnet(),
  ]);
  const app = await appOn(database, localnet, overrides, withJobs ?? false);
  return {
    ...app,
    async close() {
      await app.close();
      await Promise.all([database.close(), given ? Promise.resolve() : localnet.close()]);
    },
  };
}

/**
 * Another whole server on the first one's database and localnet, as a second server process
 * would be: its own services and memory, its own connection pool (on Postgres; PGlite has one
 * connection, shared). `close()` leaves the database and the localnet to the first. `overrides`
 * give it what the first was given (a clock, a market) where a test compares their answers.
 */
export async function createSecondTestApp(
  first: TestApp,
  overrides: Partial<AppContext> = {},
): Promise<TestApp> {
  const { database } = first;
  const handle =
    database.kind === 'postgres' && database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 4 })
      : undefined;
  const app = await appOn(
    handle ? { ...database, ...handle } : database,
    first.localnet,
    overrides,
    false,
  );
  return {
    ...app,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}

async function appOn(
  database: TestDatabase,
  localnet: Localnet,
  overrides: Partial<AppContext> & { readonly adminToken?: string },
  withJobs: boolean,
): Promise<TestApp> {
  const outboxDir = mkdtempSync(join(tmpdir(), 'fleet-outbox-'));
  const logs: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );
  const chainPool = createEndpointPool({ endpoints: [localnet.url] });
  const context: AppContext = {
    db: database.db,
    databaseKind: database.kind,
    logger,
    adminToken: TEST_ADMIN_TOKEN,
    vault: createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(7)) }),
    chain: createBalanceReader(chainPool),
    chainPool,
    chainConfig: { cluster: 'custom', customRpcUrl: localnet.url },
    mailer: createOutboxMailer({ from: 'Fleet <test@fleet.local>', outboxDir, logger }),
    exposeInviteTokens: true,
    ...overrides,
  };
  let workers: JobWorkers | undefined;
  let app: FastifyInstance;
  if (withJobs) {
    const jobQueue = testJobQueue(database);
    const services = createServices({ ...context, jobQueue });
    app = await buildApp({ ...context, jobQueue, services });
    workers = await startJobWorkers({
      db: database.db,
      queue: jobQueue,
      registry: createJobRegistry(services.jobHandlers),
      logger,
      leaseMs: 5_000,
    });
  } else {
    app = await buildApp(context);
  }
  return {
    app,
    database,
    localnet,
    outboxDir,
    logs,
    async close() {
      await workers?.stop();
      await app.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

export interface Operator {
  readonly email: string;
  readonly password: string;
  readonly licenseKey: string;
  readonly tenantId: string;
  readonly cookie: string;
}

let inviteAddresses = 0;
/**
 * Invite requests are limited per client address (a handful an hour): each operator a test makes
 * asks from its own address (198.18.0.0/15, the benchmarking range), so tests meet the limit only
 * where they mean to.
 */
function nextInviteAddress(): string {
  inviteAddresses += 1;
  return `198.18.${Math.floor(inviteAddresses / 250) % 250}.${(inviteAddresses % 250) + 1}`;
}

/** A licence from the admin API, an invite, an activation: a signed-in operator on a new tenant. */
export async function createOperator(
  app: FastifyInstance,
  email: string,
  password = 'correct horse battery',
): Promise<Operator> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/keys',
    headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    payload: { durationDays: 30, tier: 'pro', batch: 1, maxUses: 3 },
  });
  const licenseKey = expectOk(created).json<{ keys: { key: string }[] }>().keys[0]?.key ?? '';
  const invite = expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/auth/invite-request',
      remoteAddress: nextInviteAddress(),
      payload: { email },
    }),
  );
  const token = invite.json<{ token: string }>().token;
  const activated = expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      payload: { token, password, licenseKey },
    }),
  );
  return {
    email,
    password,
    licenseKey,
    tenantId: activated.json<{ tenant: { id: string } }>().tenant.id,
    cookie: sessionCookieOf(activated),
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((entry) => entry.name === 'fleet_session');
  if (!cookie)
    throw new Error(`no session cookie in the response (${response.statusCode}: ${response.body})`);
  return cookie.value;
}

export function expectOk(response: LightMyRequestResponse): LightMyRequestResponse {
  if (response.statusCode >= 300)
    throw new Error(`expected success, got ${response.statusCode}: ${response.body}`);
  return response;
}
