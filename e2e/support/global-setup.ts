import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The e2e tests open the server as `npm start` runs it, which serves the built web app.
export default function setup(): void {
  const script = fileURLToPath(new URL('../../scripts/web-build.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web app for the e2e tests failed');
}
