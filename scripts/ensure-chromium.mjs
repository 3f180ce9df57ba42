// The e2e tests drive Debian's Chromium. Nothing is downloaded from anywhere but Debian's mirrors.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package with apt…`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = (args) =>
    spawnSync(asRoot ? args[0] : 'sudo', asRoot ? args.slice(1) : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  const ok =
    run(['apt-get', 'update', '-qq']) && run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  if (!ok || !existsSync(CHROMIUM)) {
    console.error(
      'Could not install chromium with apt; the e2e tests need it at /usr/bin/chromium.',
    );
    return false;
  }
  return true;
}
