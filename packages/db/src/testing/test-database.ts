import { randomBytes } from 'node:crypto';
import type { DatabaseKind } from '@fleet/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, openPgliteMemory, type DatabaseHandle } from '../connection';
import { APP_ROLE } from '../database-role';
import { migrateDatabase } from '../migrate';
import { migratedPgliteTemplate, pgliteTestTuning } from './pglite-template';

/**
 * Database tests run on PGlite always, and on the Postgres server too when `DATABASE_URL` is set
 * (`.ci/run` sets it). Use with `describe.each(testDatabaseKinds)`.
 */
export const testDatabaseKinds: readonly DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** The Postgres server the tests may create databases and roles on (a superuser URL), if any. */
export const testPostgresServerUrl: string | undefined = process.env.DATABASE_URL || undefined;

/**
 * Which role the test connection signs in as:
 * - `superuser`: the server's superuser, as in development (row-level security does not apply);
 * - `table-owner`: an ordinary login role that owns the database and ran the migrations itself
 *   (one `DATABASE_URL` in production; Postgres only);
 * - `serving-role`: an ordinary login role that only holds `fleet_app`, while another role owns
 *   the tables and ran the migrations (the two-URL production setup, decision 013). On PGlite,
 *   which has one connection, the session switches to such a role after migrating.
 */
export type TestLogin = 'superuser' | 'table-owner' | 'serving-role';

/** Every login to run a tenant-isolation suite under, on the databases this run has. */
export const testLoginVariants: readonly { kind: DatabaseKind; login: TestLogin }[] = [
  { kind: 'pglite', login: 'superuser' },
  { kind: 'pglite', login: 'serving-role' },
  ...(process.env.DATABASE_URL
    ? ([
        { kind: 'postgres', login: 'superuser' },
        { kind: 'postgres', login: 'table-owner' },
        { kind: 'postgres', login: 'serving-role' },
      ] as const)
    : []),
];

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the isolated Postgres database (undefined on PGlite). */
  readonly url: string | undefined;
  readonly login: TestLogin;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database created on
 * the Postgres server so that parallel runs never see each other. `close()` removes it, and the
 * login roles made for it.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { readonly login?: TestLogin } = {},
): Promise<TestDatabase> {
  const login = options.login ?? 'superuser';
  if (kind === 'pglite') return createPgliteDatabase(login);
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must be set to create a Postgres test database');
  const suffix = `${process.pid}_${randomBytes(6).toString('hex')}`;
  const name = `fleet_test_${suffix}`;
  const roles: string[] = [];
  const cleanUp = async () => {
    await withAdminClient(serverUrl, async (client) => {
      await client.query(`drop database if exists "${name}" with (force)`);
      for (const role of roles) await client.query(`drop role if exists "${role}"`);
    });
  };

  let ownerUrl = serverUrl;
  await withAdminClient(serverUrl, async (client) => {
    if (login === 'superuser') {
      await client.query(`create database "${name}"`);
      return;
    }
    const owner = `fleet_test_owner_${suffix}`;
    roles.push(owner);
    // CREATEROLE: the migrations create the Fleet roles and grant memberships in them.
    await client.query(`create role "${owner}" login nosuperuser nobypassrls createrole`);
    await client.query(`create database "${name}" owner "${owner}"`);
    ownerUrl = withUser(serverUrl, owner);
  });
  const migrated = await openDatabase({
    kind: 'postgres',
    url: withDatabaseName(ownerUrl, name),
    maxConnections: 4,
  });
  try {
    await migrateDatabase(migrated);
  } catch (error) {
    await migrated.close();
    await cleanUp();
    throw error;
  }

  let handle = migrated;
  let url = withDatabaseName(ownerUrl, name);
  if (login === 'serving-role') {
    await migrated.close();
    const serving = `fleet_test_serving_${suffix}`;
    roles.push(serving);
    await withAdminClient(serverUrl, async (client) => {
      await client.query(`create role "${serving}" login nosuperuser nobypassrls`);
      await client.query(`grant ${APP_ROLE} to "${serving}"`);
    });
    url = withDatabaseName(withUser(serverUrl, serving), name);
    handle = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  }
  return {
    ...handle,
    url,
    login,
    async close() {
      await handle.close();
      await cleanUp();
    },
  };
}

async function createPgliteDatabase(login: TestLogin): Promise<TestDatabase> {
  if (login === 'table-owner') {
    throw new Error('PGlite has one superuser connection: test a table-owner login on Postgres');
  }
  const { handle } = await openPgliteMemory(
    await migratedPgliteTemplate(),
    await pgliteTestTuning(),
  );
  // Already migrated by the template; this only confirms that nothing is pending.
  await migrateDatabase(handle);
  if (login === 'serving-role') {
    await handle.db.execute(sql.raw(`create role fleet_test_serving nosuperuser nobypassrls`));
    await handle.db.execute(sql.raw(`grant ${APP_ROLE} to fleet_test_serving`));
    await handle.db.execute(sql.raw(`set role fleet_test_serving`));
  }
  return { ...handle, url: undefined, login };
}

function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function withUser(serverUrl: string, user: string): string {
  const url = new URL(serverUrl);
  url.username = user;
  url.password = '';
  return url.toString();
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
