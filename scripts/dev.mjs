// `npm run dev`: the server with reload on :8080 (API only) and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Invite links point to the public URL, never to a request's Host: here, Vite's page.
    env: {
      FLEET_PUBLIC_URL: 'http://localhost:5173',
      ...process.env,
      FLEET_SERVE_WEB: 'false',
    },
  }),
  spawn(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))],
    {
      cwd: fileURLToPath(new URL('../apps/web', import.meta.url)),
      stdio: 'inherit',
    },
  ),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
