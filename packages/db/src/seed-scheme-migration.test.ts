import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';
import { testPostgresServerUrl } from './testing';

/** The committed migrations up to and including `lastIndex`, as a folder drizzle can run. */
function migrationsUpTo(lastIndex: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'fleet-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface Upgradable {
  readonly handle: DatabaseHandle;
  close(): Promise<void>;
}

/** PGlite, and on the Postgres server (when `DATABASE_URL` is set) a non-superuser table owner. */
const variants: readonly { name: string; open: () => Promise<Upgradable> }[] = [
  {
    name: 'pglite',
    open: async () => {
      const handle = await openDatabase({ kind: 'pglite-memory' });
      return { handle, close: () => handle.close() };
    },
  },
  ...(testPostgresServerUrl
    ? [
        {
          name: 'postgres as a table owner without superuser',
          open: async (): Promise<Upgradable> => {
            const serverUrl = testPostgresServerUrl ?? '';
            const suffix = `${process.pid}_${randomBytes(6).toString('hex')}`;
            const owner = `fleet_test_upgrade_${suffix}`;
            const name = `fleet_test_upgrade_${suffix}`;
            const admin = async (statements: string[]) => {
              const client = new pg.Client({ connectionString: serverUrl });
              await client.connect();
              try {
                for (const statement of statements) await client.query(statement);
              } finally {
                await client.end();
              }
            };
            await admin([
              `create role "${owner}" login nosuperuser nobypassrls createrole`,
              `create database "${name}" owner "${owner}"`,
            ]);
            const url = new URL(serverUrl);
            url.username = owner;
            url.password = '';
            url.pathname = `/${name}`;
            const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
            return {
              handle,
              close: async () => {
                await handle.close();
                await admin([
                  `drop database if exists "${name}" with (force)`,
                  `drop role if exists "${owner}"`,
                ]);
              },
            };
          },
        },
      ]
    : []),
];

describe.each(variants)('migration 0014 (seed schemes) on $name', ({ open }) => {
  let database: Upgradable;
  let before: string;

  beforeAll(async () => {
    database = await open();
    before = migrationsUpTo(13);
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it("moves every earlier vault, whatever text it recorded, to Phantom's scheme for every tenant", async () => {
    const { db } = database.handle;
    await migrateDatabase(database.handle, before);
    const tenants = await db.execute<{ id: string }>(
      sql`insert into tenants (id) values (gen_random_uuid()), (gen_random_uuid()) returning id`,
    );
    const [first, second] = tenants.rows.map((row) => row.id);
    // As the table owner, forced row security shows only the tenant the session names.
    for (const [tenant, scheme] of [
      [first, "m/44'/501'/{i}'/0'"],
      [second, 'solana-bip44'],
    ] as const) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${tenant ?? ''}, true)`);
        await tx.execute(
          sql`insert into seed_groups (tenant_id, seed_fingerprint, derivation_scheme)
              values (${tenant}, ${'a'.repeat(64)}, ${scheme})`,
        );
      });
    }

    await migrateDatabase(database.handle);

    for (const tenant of [first, second]) {
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${tenant ?? ''}, true)`);
        return tx.execute<{ derivation_scheme: string }>(
          sql`select derivation_scheme from seed_groups`,
        );
      });
      // (PGlite's superuser sees every tenant's rows: both are checked there.)
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(rows.rows.every((row) => row.derivation_scheme === 'bip44-change')).toBe(true);
    }
    // Row security is forced again after the rewrite.
    const forced = await db.execute<{ forced: boolean }>(
      sql`select relforcerowsecurity as forced from pg_class where relname = 'seed_groups'`,
    );
    expect(forced.rows).toEqual([{ forced: true }]);
  });
});
