import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteMemory, type PgliteMemoryTuning } from '../connection';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../migrate';

/**
 * A migrated PGlite data directory as a tarball, made once per set of migrations and kept on disk.
 * PGlite's initdb runs inside WebAssembly and, with the migrations, costs seconds per database;
 * loading this tarball instead costs a fraction of that, and the test suite opens hundreds of
 * databases. The file is named by a hash of every migration file, so a new or edited migration
 * makes a new template and a stale one is never loaded.
 */
let template: Promise<Uint8Array> | undefined;

/** A fresh copy of the template for one database (PGlite reads it whole with `arrayBuffer()`). */
export async function migratedPgliteTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate();
  return new BytesBlob(await template);
}

// The global `WebAssembly` of Node, typed here: the repository's lib settings leave it out.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };
let pgliteModule: Promise<object> | undefined;

/**
 * How the tests' in-memory databases start, measured per database on the 2-core machine:
 * - PGlite's WebAssembly compiled once per process (~0.5 s of CPU per database otherwise; the
 *   compiled code also stays warm from one database to the next);
 * - 16 MB of shared buffers instead of initdb's 128 MB, which the server sets up at every start
 *   (~0.4 s); a test database holds a few hundred rows.
 */
export async function pgliteTestTuning(): Promise<PgliteMemoryTuning> {
  pgliteModule ??= readFile(
    createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes));
  return { wasmModule: await pgliteModule, settings: { shared_buffers: '16MB' } };
}

/**
 * A Blob that hands over its bytes in one copy. Node 20's own `Blob.arrayBuffer()` reads them
 * back in small chunks and joins them: ~0.35 s of CPU for the 40 MB template, per database.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite's untar hands views of it to its in-memory file system.
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

async function loadOrBuildTemplate(): Promise<Uint8Array> {
  const directory = join(tmpdir(), 'fleet-pglite-templates');
  const file = join(directory, `${migrationsHash()}.tar`);
  try {
    return readFileSync(file);
  } catch {
    // Not made yet by this or any earlier run: make it below.
  }
  const { handle, dumpDataDir } = await openPgliteMemory(undefined, await pgliteTestTuning());
  try {
    await migrateDatabase(handle);
    // A checkpoint leaves the tarball a data directory that needs no WAL replay when loaded.
    await handle.executeSql('checkpoint', []);
    const dump = new Uint8Array(await (await dumpDataDir()).arrayBuffer());
    mkdirSync(directory, { recursive: true });
    // Written aside and renamed, so a process that reads it never sees half a file, and two
    // processes that build it at once both leave a whole one.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
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
