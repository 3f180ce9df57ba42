import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: two servers on one data directory would corrupt it. The lock
 * file holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'fleet.lock');
  const owner = readOwner(path);
  if (owner !== undefined && owner !== process.pid && isRunning(owner)) {
    throw new Error(
      `Another Fleet server (pid ${owner}) is using ${dataDir}. Stop it, or set FLEET_DATA_DIR to another directory.`,
    );
  }
  writeFileSync(path, String(process.pid), { mode: 0o600 });
  return () => {
    if (readOwner(path) === process.pid) rmSync(path, { force: true });
  };
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
