// Kill -9 `npm start` (server, embedded PGlite and embedded localnet in one process) at random
// points while money operations run, restart it on the same data directory, and check on chain
// that every wallet was paid exactly once (issue 17, "Trust" 1). Used by the crash benchmark
// (20 kills) and by the shorter crash-resume test.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const READY = /Fleet is running at (http:\/\/\S+)/;
const SANDBOX = /Local Solana sandbox: (http:\/\/\S+)/;

export interface RunningServer {
  readonly url: string;
  readonly rpcUrl: string;
  readonly child: ChildProcess;
}

/**
 * Starts the server as `npm start` does, on `dataDir`, and waits until it listens; `env` adds to
 * (or overrides) the few variables it is given.
 */
export function startServer(
  dataDir: string,
  port: number,
  env: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FLEET_SERVE_WEB: 'false',
      FLEET_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in 120 s:\n${output.slice(-4000)}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      const sandbox = SANDBOX.exec(output);
      if (ready?.[1] && sandbox?.[1]) {
        clearTimeout(timer);
        resolve({ url: ready[1], rpcUrl: sandbox[1], child });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output.slice(-4000)}`));
    });
  });
}

/** kill -9, and wait until the process is gone. */
export async function killHard(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGKILL');
  await gone;
}

/** A signed-in API client of the demo operator (password from the data directory's secrets). */
export async function signIn(server: RunningServer, dataDir: string) {
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
    demoPassword: string;
  };
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@fleet.local', password: secrets.demoPassword }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const request = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  /**
   * POSTs to a route that answers with server-sent events, and resolves with the data of the
   * first `event`, then hangs up (a close goes on without its stream: it is a job).
   */
  const firstEvent = async <T>(path: string, body: unknown, event: string): Promise<T> => {
    const hangUp = new AbortController();
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: hangUp.signal,
    });
    if (!response.ok || !response.body) {
      throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    }
    const pattern = new RegExp(`(?:^|\n)event: ${event}\ndata: (.*)\n\n`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        const found = pattern.exec(text);
        if (found?.[1]) return JSON.parse(found[1]) as T;
      }
    } finally {
      hangUp.abort();
    }
    throw new Error(`POST ${path}: the stream ended without a ${event} event:\n${text}`);
  };
  return Object.assign(request, { firstEvent });
}

export type Api = Awaited<ReturnType<typeof signIn>>;

/** Lamports of each address, straight from the localnet's JSON-RPC. */
export async function balancesOf(
  rpcUrl: string,
  addresses: readonly string[],
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (let start = 0; start < addresses.length; start += 100) {
    const batch = addresses.slice(start, start + 100);
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getMultipleAccounts',
        params: [
          batch,
          { commitment: 'confirmed', encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
        ],
      }),
    });
    const body = (await response.json()) as {
      result: { value: ({ lamports: number } | null)[] };
    };
    batch.forEach((entry, index) => {
      balances.set(entry, BigInt(body.result.value[index]?.lamports ?? 0));
    });
  }
  return balances;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
