// `npm start`: build the web app if its sources changed, then run the server, which migrates the
// database and serves the API and the app on one port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildWebIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
