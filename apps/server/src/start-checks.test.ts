import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from './env';
import { trySessionLock } from '@fleet/db';
import { testDatabaseKinds, testPostgresServerUrl } from '@fleet/db/testing';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateKekCommand } from './cli/rotate-kek-command';
import { startServerProcess, type ServerOutcome } from './testing/server-process';
import { VAULT_LOCK_ID } from './runtime/vault-lock';

/**
 * The start-up checks that keep keys from being lost, on the real server process: each of these
 * was seen going wrong (issue 14), so each test starts `main.ts` as `npm start` does.
 */
const kek = () => randomBytes(32).toString('base64');
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-start-'));
  dirs.push(dir);
  return dir;
};
const running: Extract<ServerOutcome, { kind: 'ready' }>[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function expectReady(env: Record<string, string>) {
  const outcome = await startServerProcess(env);
  if (outcome.kind !== 'ready') throw new Error(`expected the server to start:\n${outcome.output}`);
  running.push(outcome);
  return outcome;
}

async function expectRefused(env: Record<string, string>, reason: RegExp): Promise<string> {
  const outcome = await startServerProcess(env);
  if (outcome.kind === 'ready') {
    running.push(outcome);
    throw new Error(`expected the start to be refused, but it runs:\n${outcome.output}`);
  }
  expect(outcome.code).toBe(1);
  expect(outcome.output).toMatch(reason);
  return outcome.output;
}

describe('the start with PGlite', () => {
  it('refuses a KEK that did not wrap the stored keys, and never overwrites a lost secrets file', async () => {
    const dataDir = freshDir();
    const first = await expectReady({ FLEET_DATA_DIR: dataDir });
    await first.stop();
    // The demo account's master wallet is sealed under the generated KEK, which is on disk now.
    const secretsPath = join(dataDir, 'secrets.json');
    const generated = (JSON.parse(readFileSync(secretsPath, 'utf8')) as { kek: string }).kek;

    await expectRefused(
      { FLEET_DATA_DIR: dataDir, FLEET_KEK: kek() },
      /Fleet cannot start: the key-encryption key does not match the stored data keys: 1 by KEK [0-9a-f]{16}/,
    );

    // The secrets file is lost: a fresh KEK is generated, checked, refused and not written.
    rmSync(secretsPath);
    await expectRefused({ FLEET_DATA_DIR: dataDir }, /does not match the stored data keys/);
    expect(JSON.parse(readFileSync(secretsPath, 'utf8'))).not.toHaveProperty('kek');

    await expectReady({ FLEET_DATA_DIR: dataDir, FLEET_KEK: generated });
    // Four starts of the whole server (database, sandbox chain and market): ~23 s on a quiet
    // 2-core machine, so the default 30 s left no room for a busy one.
  }, 180_000);

  it('stops in production without a KEK instead of generating one', async () => {
    const dataDir = freshDir();
    await expectRefused(
      { FLEET_DATA_DIR: dataDir, NODE_ENV: 'production' },
      /Fleet cannot start: FLEET_KEK is not set .* production never generates one/,
    );
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });
});

describe.each(testDatabaseKinds.filter((kind) => kind === 'postgres'))('the start with %s', () => {
  const serverUrl = testPostgresServerUrl ?? '';
  const databases: string[] = [];
  const roles: string[] = [];
  afterEach(async () => {
    await admin(async (client) => {
      for (const name of databases.splice(0))
        await client.query(`drop database if exists "${name}" with (force)`);
      for (const role of roles.splice(0)) await client.query(`drop role if exists "${role}"`);
    });
  });

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  function urlOf(name: string, user?: string): string {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    if (user) {
      url.username = user;
      url.password = '';
    }
    return url.toString();
  }

  async function emptyDatabase(owner?: string): Promise<string> {
    const name = `fleet_start_${randomBytes(6).toString('hex')}`;
    databases.push(name);
    await admin((client) =>
      client.query(`create database "${name}"${owner ? ` owner "${owner}"` : ''}`),
    );
    return name;
  }

  async function loginRole(kind: 'owner' | 'serving'): Promise<string> {
    const name = `fleet_start_${kind}_${randomBytes(6).toString('hex')}`;
    roles.push(name);
    await admin((client) =>
      client.query(
        `create role "${name}" login nosuperuser nobypassrls${kind === 'owner' ? ' createrole' : ''}`,
      ),
    );
    return name;
  }

  it('refuses a superuser in production before the migrations change anything', async () => {
    const name = await emptyDatabase();
    await expectRefused(
      {
        FLEET_DATA_DIR: freshDir(),
        NODE_ENV: 'production',
        FLEET_KEK: kek(),
        DATABASE_URL: urlOf(name),
      },
      /database role "postgres" is a superuser and could read across tenants/,
    );
    const tables = await (async () => {
      const other = new pg.Client({ connectionString: urlOf(name) });
      await other.connect();
      try {
        const result = await other.query<{ count: number }>(
          `select count(*)::int as count from pg_tables where schemaname = 'public'`,
        );
        return result.rows[0]?.count;
      } finally {
        await other.end();
      }
    })();
    expect(tables).toBe(0);
  });

  it('warns about a superuser in development and serves', async () => {
    const name = await emptyDatabase();
    const server = await expectReady({ FLEET_DATA_DIR: freshDir(), DATABASE_URL: urlOf(name) });
    expect(server.output).toContain('row-level security does not apply to it');
  });

  it('serves production as an ordinary role beside the owner that migrates', async () => {
    const [owner, serving] = [await loginRole('owner'), await loginRole('serving')];
    const name = await emptyDatabase(owner);
    const server = await expectReady({
      FLEET_DATA_DIR: freshDir(),
      NODE_ENV: 'production',
      FLEET_KEK: kek(),
      DATABASE_URL: urlOf(name, serving),
      DATABASE_OWNER_URL: urlOf(name, owner),
    });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const member = await admin((client) =>
      client.query<{ member: boolean }>(`select pg_has_role($1, 'fleet_app', 'MEMBER') as member`, [
        serving,
      ]),
    );
    expect(member.rows[0]?.member).toBe(true);
  });

  it('refuses to start while a KEK rotation holds the database', async () => {
    const name = await emptyDatabase();
    const rotation = await trySessionLock(urlOf(name), VAULT_LOCK_ID, 'exclusive');
    try {
      await expectRefused(
        { FLEET_DATA_DIR: freshDir(), DATABASE_URL: urlOf(name) },
        /a key-encryption key rotation .* is running on this database/,
      );
    } finally {
      await rotation?.release();
    }
  });

  it('lets no rotation run while a server is up, and the refused rotation changes no file', async () => {
    const name = await emptyDatabase();
    const dataDir = freshDir();
    const configured = kek();
    await expectReady({
      FLEET_DATA_DIR: dataDir,
      DATABASE_URL: urlOf(name),
      FLEET_KEK: configured,
    });
    const secretsPath = join(dataDir, 'secrets.json');
    const before = readFileSync(secretsPath);
    await expect(
      rotateKekCommand(
        loadEnv({ FLEET_DATA_DIR: dataDir, DATABASE_URL: urlOf(name), FLEET_KEK: configured }),
        ['--new-kek', kek()],
        () => undefined,
      ),
    ).rejects.toThrow(/a Fleet server \(or another rotation\) is using this database/);
    expect(readFileSync(secretsPath)).toEqual(before);
  });
});
