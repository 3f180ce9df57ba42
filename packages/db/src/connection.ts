import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseKind } from '@fleet/core';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type FleetSchema = typeof schema;
/** What both drivers' raw `execute` results have in common: the rows. */
export interface FleetQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}

interface RowsResult<Row> {
  readonly rows: Row[];
}

/** Either driver: the rest of the code base never needs to know which one it talks to. */
export type FleetDatabase = PgDatabase<FleetQueryResultHKT, FleetSchema>;

export interface DatabaseHandle {
  readonly db: FleetDatabase;
  readonly kind: DatabaseKind;
  /**
   * Raw SQL for a library that brings its own statements (the job queue's adapter on PGlite): one
   * call, one statement with `$n` parameters, or several statements without parameters.
   */
  executeSql(text: string, values: readonly unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `work` on one connection, so session-level locks and settings hold throughout. */
  withConnection<T>(work: (db: FleetDatabase) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { readonly kind: 'postgres'; readonly url: string; readonly maxConnections?: number }
  | { readonly kind: 'pglite'; readonly dataDir: string }
  /** `loadDataDir`: a data directory tarball to start from instead of running initdb. */
  | { readonly kind: 'pglite-memory'; readonly loadDataDir?: Blob };

/** `DATABASE_URL` set → the Postgres server; unset → PGlite stored under the data directory. */
export function databaseLocationFor(options: {
  readonly databaseUrl?: string | undefined;
  readonly dataDir: string;
}): DatabaseLocation {
  return options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl }
    : { kind: 'pglite', dataDir: join(options.dataDir, 'pglite') };
}

/** pg_trgm backs the search indexes (migration 0005); the Postgres server ships it too. */
const PGLITE_OPTIONS = { extensions: { pg_trgm } };

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  switch (location.kind) {
    case 'postgres':
      return openPostgres(location.url, location.maxConnections ?? 10);
    case 'pglite':
      mkdirSync(location.dataDir, { recursive: true });
      return openPglite(await PGlite.create(location.dataDir, PGLITE_OPTIONS));
    case 'pglite-memory':
      return (await openPgliteMemory(location.loadDataDir)).handle;
  }
}

/** What a caller may add to an in-memory PGlite's start (the tests open hundreds of them). */
export interface PgliteMemoryTuning {
  /** PGlite's WebAssembly, compiled once by the caller and shared by all its instances. */
  readonly wasmModule?: object;
  /** Server settings (`-c name=value`) on top of PGlite's own start parameters. */
  readonly settings?: Readonly<Record<string, string>>;
}

/** An in-memory PGlite that can also be dumped whole (the tests' migrated template). */
export async function openPgliteMemory(
  loadDataDir?: Blob,
  tuning: PgliteMemoryTuning = {},
): Promise<{ readonly handle: DatabaseHandle; readonly dumpDataDir: () => Promise<Blob> }> {
  const settings = Object.entries(tuning.settings ?? {});
  const client = await PGlite.create({
    ...PGLITE_OPTIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(tuning.wasmModule ? { pgliteWasmModule: tuning.wasmModule } : {}),
    ...(settings.length > 0
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            ...settings.flatMap(([name, value]) => ['-c', `${name}=${value}`]),
          ],
        }
      : {}),
  });
  return { handle: openPglite(client), dumpDataDir: () => client.dumpDataDir('none') };
}

async function openPostgres(url: string, maxConnections: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as FleetDatabase;
  await db.execute(sql`select 1`);
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values) {
      // Several statements in one text answer one result per statement.
      const result = (await pool.query(text, [...values])) as
        pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[];
      const parts = Array.isArray(result) ? result : [result];
      return { rows: parts.flatMap((part): unknown[] => part.rows) };
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work(drizzleNodePostgres({ client, schema }));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as FleetDatabase;
  return {
    db,
    kind: 'pglite',
    async executeSql(text, values) {
      // PGlite's `query` takes one statement; `exec` takes several but no parameters. Both wait
      // for any open transaction, so these never run inside a tenant's transaction.
      if (values.length > 0) return { rows: (await client.query(text, [...values])).rows };
      return { rows: (await client.exec(text)).flatMap((part) => part.rows) };
    },
    // PGlite is a single connection already.
    withConnection: (work) => work(db),
    close: () => client.close(),
  };
}
