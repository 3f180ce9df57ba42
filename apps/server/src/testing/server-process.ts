import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const READY_LINE = /Fleet is running at (http:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;

export type ServerOutcome =
  | { readonly kind: 'ready'; readonly url: string; readonly output: string; stop(): Promise<void> }
  | { readonly kind: 'exited'; readonly code: number | null; readonly output: string };

/**
 * Starts `apps/server/src/main.ts` as `npm start` does, with only the given environment, and
 * answers once it is listening or has exited: the start-up checks are tested on the real thing.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerOutcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FLEET_SERVE_WEB: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<ServerOutcome>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server neither started nor exited within 90 s:\n${output}`));
    }, START_TIMEOUT_MS);
    let ready = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Once: what the server prints after it is ready (a warning while it stops) must not
      // remove the exit listener `stop` is waiting on.
      if (ready) return;
      const match = READY_LINE.exec(output);
      if (match?.[1]) {
        ready = true;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        const url = match[1];
        resolve({ kind: 'ready', url, output, stop: () => stopChild(child) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ kind: 'exited', code, output });
    });
  });
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
