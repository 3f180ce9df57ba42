import {
  databaseLocationFor,
  migrateDatabase,
  openDatabase,
  type DatabaseLocation,
} from '@fleet/db';
import { buildApp } from './app';
import { EnvError, loadEnv, type Env } from './env';
import { createLogger } from './logging/create-logger';
import { lockDataDir } from './runtime/data-dir-lock';
import { DEFAULT_WEB_DIST, isWebAppBuilt } from './web/serve-web-app';

async function main(env: Env): Promise<void> {
  const logger = createLogger(env.logLevel);
  const location = databaseLocationFor(env);
  const unlock = location.kind === 'pglite' ? lockDataDir(env.dataDir) : () => undefined;

  const webBuilt = isWebAppBuilt(DEFAULT_WEB_DIST);
  if (env.serveWeb && !webBuilt && env.nodeEnv === 'production') {
    throw new StartError(
      'The web app is not built: run `npm run build` (`npm start` builds it for you).',
    );
  }
  if (env.serveWeb && !webBuilt)
    logger.warn('web app not built; serving the API only (run `npm run build`)');

  const database = await openDatabase(location).catch((error: unknown) => {
    throw new StartError(
      `cannot open the database (${describeLocation(location)}): ${errorMessage(error)}`,
    );
  });
  await migrateDatabase(database).catch((error: unknown) => {
    throw new StartError(
      `database migration failed (${describeLocation(location)}): ${errorMessage(error)}`,
    );
  });
  const app = await buildApp({
    db: database.db,
    databaseKind: database.kind,
    logger,
    webDistDir: env.serveWeb && webBuilt ? DEFAULT_WEB_DIST : undefined,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: env.port, host: env.host });
  const where = describeLocation(location);
  // Printed plainly (not as a JSON log line) so that a person starting Fleet sees where it is.
  process.stdout.write(`\nFleet is running at ${displayUrl(address)}  (database: ${where})\n\n`);
}

class StartError extends Error {}

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
