import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createEndpointPool } from '@fleet/chain';
import {
  APP_ROLE,
  databaseLocationFor,
  databaseRole,
  migrateDatabase,
  openDatabase,
  type DatabaseHandle,
  type DatabaseLocation,
} from '@fleet/db';
import { sql } from 'drizzle-orm';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { createMarket } from '@fleet/market';
import { buildApp } from './app';
import { createUrlCaptchaVerifier, noCaptcha } from './auth/captcha';
import { ensureDemoAccount } from './bootstrap/first-start';
import { EnvError, loadEnv, type Env } from './env';
import { createLogger } from './logging/create-logger';
import { marketSettingsFor } from './market/market-config';
import { marketFetch } from './market/market-fetch';
import { createMailer } from './mail/mailer';
import { createJobRegistry } from './jobs/job-handler';
import { createJobQueue, installJobQueueSchema } from './jobs/job-queue';
import { startJobWorkers } from './jobs/job-workers';
import { startSolPriceRefresh } from './market/sol-price-refresh';
import { startLiveBalances } from './balances/account-live-balances';
import { chainWsUrlOf } from './balances/account-ws-url';
import { resumeJobsOfDeadProcess } from './jobs/job-recovery';
import { createServices, type ServiceContext } from './services';
import { lockDataDir } from './runtime/data-dir-lock';
import { judgeRoleAfterMigrations, judgeRoleBeforeMigrations } from './runtime/database-guard';
import { loadInstanceSecrets, MissingKekError, type InstanceSecrets } from './runtime/secrets-file';
import { holdServerVaultLock, VaultLockBusyError } from './runtime/vault-lock';
import { createKeyVault, kekMismatch, parseKek, parseKeks, readKekUsage, type Kek } from './vault';
import { DEFAULT_WEB_DIST, isWebAppBuilt } from './web/serve-web-app';

class StartError extends Error {}

async function main(env: Env): Promise<void> {
  const logger = createLogger(env.logLevel);
  const location = databaseLocationFor(env);
  const unlock = location.kind === 'pglite' ? lockDataDir(env.dataDir) : () => undefined;
  const production = env.nodeEnv === 'production';
  let closing = false;

  const webBuilt = isWebAppBuilt(DEFAULT_WEB_DIST);
  if (env.serveWeb && !webBuilt && production) {
    throw new StartError(
      'The web app is not built: run `npm run build` (`npm start` builds it for you).',
    );
  }
  if (env.serveWeb && !webBuilt)
    logger.warn('web app not built; serving the API only (run `npm run build`)');

  const secrets = (() => {
    try {
      return loadInstanceSecrets({
        dataDir: env.dataDir,
        kek: env.kek,
        adminToken: env.adminToken,
        demoPassword: env.demoPassword,
        production,
      });
    } catch (error) {
      if (error instanceof MissingKekError) throw new StartError(error.message);
      throw error;
    }
  })();
  const { kek, previousKeks } = configuredKeks(secrets, env);
  if (secrets.pendingKekBase64)
    logger.warn('a KEK rotation was interrupted: run `npm run fleet -- rotate-kek` to finish it');

  const database = await openDatabase(location).catch((error: unknown) => {
    throw new StartError(
      `cannot open the database (${describeLocation(location)}): ${errorMessage(error)}`,
    );
  });
  // The role is judged before the migrations, so that a role production refuses changes nothing.
  await guardServingRole(database, env, logger, 'before migrations');
  // Held from here to the end: no rotation can run while this server might seal a data key.
  const vaultLock = await holdServerVaultLock(location).catch((error: unknown) => {
    throw new StartError(
      error instanceof VaultLockBusyError
        ? error.message
        : `cannot lock the vault: ${errorMessage(error)}`,
    );
  });
  void vaultLock?.lost.then((error) => {
    if (closing) return;
    logger.fatal(
      { err: error },
      'lost the database session that keeps KEK rotations out; stopping so that a restart checks the KEK again',
    );
    process.exit(1);
  });
  await migrate(database, env).catch((error: unknown) => {
    throw new StartError(
      `database migration failed (${describeLocation(location)}): ${errorMessage(error)}`,
    );
  });
  await guardServingRole(database, env, logger, 'after migrations');
  const mismatch = kekMismatch(await readKekUsage(database.db), kek, previousKeks);
  if (mismatch) throw new StartError(mismatch);
  // Only a KEK that passed the check is written, so a lost secrets file is never replaced by a
  // fresh KEK beside a database whose keys it cannot open.
  secrets.saveGeneratedKek();
  if (secrets.generated.has('kek')) {
    logger.warn(
      { file: secrets.path },
      'FLEET_KEK not set: a key-encryption key was generated into the secrets file',
    );
  }

  const localnet = env.solanaRpcUrls.length === 0 ? await startEmbeddedLocalnet(env) : undefined;
  const rpcUrls = localnet ? [localnet.url] : env.solanaRpcUrls;
  const chainPool = createEndpointPool({ endpoints: rpcUrls });
  // One market per process (issue 18): the sandbox market's prefixes for unset providers when
  // the embedded localnet runs, the providers' public hosts otherwise.
  const market = createMarket({
    fetch: marketFetch,
    ...marketSettingsFor(env.market, localnet?.market?.url),
  });
  // The process's one composition root: the app and the first start share these services.
  // Invite links need the listen address, known only once the app is built.
  const listening: { address: () => AddressInfo | string | null } = { address: () => null };
  // pg-boss delivers "run job X" (decision 023): natively on Postgres, through its executeSql
  // adapter on PGlite. It starts with the workers, below.
  const jobQueue = createJobQueue({
    connection:
      location.kind === 'postgres'
        ? { kind: 'postgres', url: location.url }
        : { kind: 'adapter', executeSql: (text, values) => database.executeSql(text, values) },
    onError: (error) => logger.error({ err: error }, 'job queue error'),
  });
  // Master and trader balances follow the chain over its PubSub socket (issue 20); the app tells
  // them when a call may have changed which wallets those are.
  const liveBalances = startLiveBalances({
    db: database.db,
    pool: chainPool,
    url: chainWsUrlOf({
      configured: env.solanaWsUrl,
      localnetWsUrl: localnet?.wsUrl,
      rpcUrls,
    }),
    logger,
  });
  const context: ServiceContext = {
    db: database.db,
    databaseKind: database.kind,
    logger,
    adminToken: secrets.adminToken,
    vault: createKeyVault({ kek, previousKeks }),
    chainPool,
    chainConfig: localnet
      ? { cluster: 'custom', customRpcUrl: localnet.url }
      : env.solanaCluster === 'custom'
        ? { cluster: 'custom', customRpcUrl: env.solanaExplorerRpcUrl ?? null }
        : { cluster: env.solanaCluster, customRpcUrl: null },
    mailer: createMailer({
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      outboxDir: join(env.dataDir, 'outbox'),
      logger,
    }),
    captcha: env.captchaVerifyUrl ? createUrlCaptchaVerifier(env.captchaVerifyUrl) : noCaptcha,
    sessionPolicy: {
      idleMs: env.sessionIdleMinutes * 60_000,
      absoluteMs: env.sessionAbsoluteHours * 3_600_000,
    },
    exposeInviteTokens: !production,
    publicUrl: env.publicUrl,
    production,
    listeningAddress: () => listening.address(),
    jobQueue,
    market,
    backgroundRefreshMs: env.backgroundRefreshMs,
    ...(env.scanBatchSize === undefined ? {} : { finalTruthBatchSize: env.scanBatchSize }),
    liveBalances: () => liveBalances?.state(),
  };
  const services = createServices(context);

  const demo = production
    ? undefined
    : await ensureDemoAccount({
        db: database.db,
        email: env.demoEmail,
        password: secrets.demoPassword,
        licenses: services.licenses,
        masterWallet: services.masterWallet,
        fund: localnet ? (address, lamports) => localnet.admin.fund(address, lamports) : undefined,
      });

  const app = await buildApp({
    ...context,
    services,
    onWatchedAccountsChange: () => liveBalances?.watchedChanged(),
    trustProxy: env.trustProxy,
    webDistDir: env.serveWeb && webBuilt ? DEFAULT_WEB_DIST : undefined,
    adminPath: env.adminPath,
  });
  listening.address = () => app.server.address();
  const jobWorkers = await startJobWorkers({
    db: database.db,
    queue: jobQueue,
    registry: createJobRegistry(services.jobHandlers),
    logger,
  }).catch((error: unknown) => {
    throw new StartError(`cannot start the job workers: ${errorMessage(error)}`);
  });
  if (database.kind === 'pglite') {
    const resumed = await resumeJobsOfDeadProcess(database.db, jobQueue);
    if (resumed > 0) logger.info({ jobs: resumed }, 'resuming the jobs of the previous run');
  }

  const solPriceRefresh = startSolPriceRefresh({
    refresh: () => services.market.solPrice(),
    onError: (error) => logger.warn({ err: error }, 'SOL price refresh failed'),
  });
  // Every process ticks; a row per tenant decides which one refreshes it each round.
  const backgroundRefresh = services.backgroundRefresh.start({
    onError: (error) => logger.warn({ err: error }, 'background balance refresh failed'),
  });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    solPriceRefresh.stop();
    // Before the database closes: a round in flight is aborted and its lease given back.
    await backgroundRefresh.stop();
    await liveBalances?.stop();
    // Running jobs stop at their next check and resume from their checkpoint after a restart.
    await jobWorkers.stop();
    await app.close();
    market.close();
    await localnet?.close();
    await vaultLock?.release();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const url = displayUrl(await app.listen({ port: env.port, host: env.host }));
  // Printed plainly (not as JSON log lines) so that a person starting Fleet sees what to do next.
  const lines = [`Fleet is running at ${url}  (database: ${describeLocation(location)})`];
  if (localnet) lines.push(`Local Solana sandbox: ${localnet.url}`);
  if (localnet?.market) lines.push(`Sandbox market: ${localnet.market.url}`);
  if (demo) {
    lines.push(
      demo.created
        ? `Sign in as ${demo.email} with password ${secrets.demoPassword} (demo licence ${demo.licenseKey}; master wallet ${demo.masterAddress} funded with 100 SOL)`
        : `Demo operator: ${demo.email} (password in ${secrets.path})`,
    );
  }
  if (secrets.generated.has('adminToken')) {
    lines.push(
      `Admin console: ${url}${env.adminPath} with admin token ${secrets.adminToken} (shown once; kept in ${secrets.path})`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/** The KEK to seal with and the earlier ones that may still open data keys. */
function configuredKeks(secrets: InstanceSecrets, env: Env): { kek: Kek; previousKeks: Kek[] } {
  try {
    const configured = parseKek(secrets.kekBase64);
    const earlier = [
      ...secrets.previousKekBase64s.map(parseKek),
      ...(env.previousKeks ? parseKeks(env.previousKeks) : []),
    ];
    // A rotation that was interrupted: rows may be under either key until it is resumed, and new
    // data keys are sealed under the key being rotated to, which the rotation keeps.
    const pending = secrets.pendingKekBase64 ? parseKek(secrets.pendingKekBase64) : undefined;
    return pending
      ? { kek: pending, previousKeks: [configured, ...earlier] }
      : { kek: configured, previousKeks: earlier };
  } catch (error) {
    throw new StartError(`FLEET_KEK is not usable: ${errorMessage(error)}`);
  }
}

async function guardServingRole(
  database: DatabaseHandle,
  env: Env,
  logger: ReturnType<typeof createLogger>,
  phase: 'before migrations' | 'after migrations',
): Promise<void> {
  if (database.kind !== 'postgres') return;
  const role = await databaseRole(database.db);
  const verdict =
    phase === 'before migrations'
      ? judgeRoleBeforeMigrations(role, { allowPrivileged: env.devDatabase })
      : judgeRoleAfterMigrations(role);
  if (verdict.kind === 'refuse') throw new StartError(verdict.reason);
  for (const warning of verdict.warnings) logger.warn(warning);
}

/**
 * Migrations run as the tables' owner: `DATABASE_OWNER_URL` when the server signs in as a separate
 * serving role (which the owner then makes a member of fleet_app), else the serving URL itself.
 */
async function migrate(database: DatabaseHandle, env: Env): Promise<void> {
  if (!env.databaseOwnerUrl) {
    await migrateDatabase(database);
    return;
  }
  const owner = await openDatabase({
    kind: 'postgres',
    url: env.databaseOwnerUrl,
    maxConnections: 2,
  });
  try {
    await migrateDatabase(owner);
    // pg-boss's schema too: the serving role may not create one.
    await installJobQueueSchema(env.databaseOwnerUrl, APP_ROLE);
    const serving = await databaseRole(database.db);
    if (!serving.appMember && !serving.ownsTables && !serving.superuser) {
      // If the owner may not grant it, the check after the migrations names the fix.
      await owner.db
        .execute(sql.raw(`grant ${APP_ROLE} to "${serving.name.replaceAll('"', '""')}"`))
        .catch(() => undefined);
    }
  } finally {
    await owner.close();
  }
}

async function startEmbeddedLocalnet(env: Env): Promise<Localnet> {
  try {
    return await createLocalnet({
      dataDir: join(env.dataDir, 'localnet'),
      port: 0,
      // Gentler than the generator's default: every trade is a real transaction that the
      // sandbox's journal keeps (about 4.5 KB each), and prices still move every few seconds.
      market: { activity: { tradesPerSecond: 0.25, launchesPerMinute: 0.5 } },
    });
  } catch (error) {
    throw new StartError(`cannot start the local Solana sandbox: ${errorMessage(error)}`);
  }
}

/** Where the data lives, without the credentials a connection string may carry. */
function describeLocation(location: DatabaseLocation): string {
  switch (location.kind) {
    case 'postgres': {
      const url = new URL(location.url);
      return `postgres at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
    }
    case 'pglite':
      return `pglite in ${location.dataDir}`;
    case 'pglite-memory':
      return 'pglite in memory';
  }
}

/** The root cause's message: drivers wrap the useful part ("ECONNREFUSED") in their own errors. */
function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return errorMessage(error.errors[0]);
  }
  if (error instanceof Error && error.cause !== undefined) return errorMessage(error.cause);
  return error instanceof Error && error.message ? error.message : String(error);
}

function displayUrl(address: string): string {
  return address.replace('://[::1]', '://localhost');
}

try {
  await main(loadEnv());
} catch (error) {
  // One clear line for a configuration or start-up mistake; a stack only for the unexpected.
  if (error instanceof EnvError || error instanceof StartError) {
    process.stderr.write(`Fleet cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Fleet cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}
