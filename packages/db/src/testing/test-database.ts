import { randomBytes } from 'node:crypto';
import type { DatabaseKind } from '@fleet/core';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../connection';
import { migrateDatabase } from '../migrate';

/**
 * Database tests run on PGlite always, and on the Postgres server too when `DATABASE_URL` is set
 * (`.ci/run` sets it). Use with `describe.each(testDatabaseKinds)`.
 */
export const testDatabaseKinds: readonly DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the isolated Postgres database (undefined on PGlite). */
  readonly url: string | undefined;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database created on
 * the Postgres server so that parallel runs never see each other. `close()` removes it.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrateDatabase(handle);
    return { ...handle, url: undefined };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must be set to create a Postgres test database');
  const name = `fleet_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = withDatabaseName(serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) =>
    client.query(`drop database if exists "${name}" with (force)`),
  );
}

async function withAdminClient<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
