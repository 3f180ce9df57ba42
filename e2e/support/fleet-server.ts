import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPgliteDataDir } from '@fleet/db/testing';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_LINE = /Fleet is running at (http:\/\/\S+)/;

export interface FleetServer {
  readonly url: string;
  readonly dataDir: string;
  /** Everything the server printed, for a failing test's message. */
  output(): string;
  /**
   * Stops the server. `keepDataDir` leaves its data directory in place, for a test that reads
   * what the server stored (PGlite admits one process at a time); the caller removes it.
   */
  stop(options?: { readonly keepDataDir?: boolean }): Promise<void>;
}

/**
 * The real server, as `npm start` runs it, on a random port with a throwaway data directory
 * (PGlite). The web app must already be built (the e2e global setup builds it).
 */
export async function startFleetServer(env: Record<string, string> = {}): Promise<FleetServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  // The server's first start on a new data directory, less PGlite's own initdb (~9.5 s of CPU).
  if (env.DATABASE_URL === undefined) await seedPgliteDataDir(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      FLEET_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said it was ready must not outlive the test that gave up on it.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => output,
    stop: async ({ keepDataDir = false } = {}) => {
      await stopChild(child);
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
