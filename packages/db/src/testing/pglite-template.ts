import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteMemory } from '../connection';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../migrate';

/**
 * A migrated PGlite data directory as a tarball, made once per set of migrations and kept on disk.
 * PGlite's initdb runs inside WebAssembly and, with the migrations, costs seconds per database;
 * loading this tarball instead costs a fraction of that, and the test suite opens hundreds of
 * databases. The file is named by a hash of every migration file, so a new or edited migration
 * makes a new template and a stale one is never loaded.
 */
let template: Promise<Blob> | undefined;

export function migratedPgliteTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate();
  return template;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const directory = join(tmpdir(), 'fleet-pglite-templates');
  const file = join(directory, `${migrationsHash()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet by this or any earlier run: make it below.
  }
  const { handle, dumpDataDir } = await openPgliteMemory();
  try {
    await migrateDatabase(handle);
    // A checkpoint leaves the tarball a data directory that needs no WAL replay when loaded.
    await handle.executeSql('checkpoint', []);
    const dump = await dumpDataDir();
    mkdirSync(directory, { recursive: true });
    // Written aside and renamed, so a process that reads it never sees half a file, and two
    // processes that build it at once both leave a whole one.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await handle.close();
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 32);
}
