import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { databaseLocationFor } from '../connection';

/**
 * A fresh, empty PGlite cluster (initdb run, nothing migrated) for the data directory of a server
 * process a test starts. initdb inside WebAssembly costs ~9.5 s of CPU, the rest of a server's
 * first start ~10 s; a copy of a cluster made once costs ~0.3 s. The server then does everything
 * it does on a new data directory — its lock, secrets, migrations, demo account — but initdb,
 * which is PGlite's own. The start-up checks keep one start on a truly empty directory.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const location = databaseLocationFor({ dataDir });
  if (location.kind !== 'pglite') throw new Error('a PGlite data directory was expected');
  cpSync(await emptyPgliteCluster(), location.dataDir, { recursive: true });
}

let cluster: Promise<string> | undefined;

function emptyPgliteCluster(): Promise<string> {
  cluster ??= findOrMakeCluster();
  return cluster;
}

async function findOrMakeCluster(): Promise<string> {
  const directory = join(tmpdir(), 'fleet-pglite-clusters');
  // Named by PGlite's version: another version's initdb may lay out its cluster differently.
  const path = join(directory, `pglite-${pgliteVersion()}`);
  try {
    readFileSync(join(path, 'PG_VERSION'));
    return path;
  } catch {
    // Not made yet on this machine: make it below.
  }
  mkdirSync(directory, { recursive: true });
  const partial = mkdtempSync(join(directory, 'partial-'));
  const client = await PGlite.create(join(partial, 'pglite'));
  await client.close();
  try {
    // Renamed whole, so that no process copies half a cluster; when two processes make it at
    // once, the second rename fails and the first one's cluster is used.
    renameSync(join(partial, 'pglite'), path);
  } catch {
    readFileSync(join(path, 'PG_VERSION'));
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return path;
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    readonly version: string;
  };
  return manifest.version;
}
