// Time from starting the server (as `npm start` does, web app already built) to the first
// successful GET /api/health, on a fresh and then a warm data directory. Prints figures only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.argv[2] ?? 3);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function timeToHealth(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      FLEET_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    // Bounded: 600 polls of 50 ms at most.
    for (let attempt = 0; attempt < 600; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('server did not become healthy within 30 s');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const fresh: number[] = [];
const warm: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-startup-'));
  try {
    fresh.push(await timeToHealth(dataDir));
    warm.push(await timeToHealth(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const describe = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, min ${Math.round(sorted[0] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`;
};
console.log(`start → first healthy /api/health on PGlite, ${RUNS} runs each`);
console.log(`fresh data directory: ${describe(fresh)}`);
console.log(`warm data directory:  ${describe(warm)}`);
