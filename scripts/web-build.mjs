// Builds the web app when its inputs changed since the last build, so `npm start` is fast when
// nothing changed and never serves a stale bundle when something did.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps', 'web');
const distDir = join(webDir, 'dist');
const stampFile = join(distDir, '.fleet-build-stamp');

const inputs = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(root, 'packages', 'core', 'src'),
  join(root, 'package-lock.json'),
];

function* files(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

export function inputsFingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      if (file.endsWith('.test.ts')) continue;
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function buildWebIfNeeded({ force = false } = {}) {
  const fingerprint = inputsFingerprint();
  const built = existsSync(join(distDir, 'index.html')) && existsSync(stampFile);
  if (!force && built && readFileSync(stampFile, 'utf8') === fingerprint) {
    console.log('web app is up to date');
    return;
  }
  console.log('building the web app…');
  const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    // Always the production bundle: Vite follows NODE_ENV, and a build started under Vitest
    // (NODE_ENV=test, the e2e set-up) would otherwise be React's development build — several
    // times slower, with every effect run twice — and stamped as up to date for `npm start`.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('Fleet cannot start: the web app failed to build (see above).');
    process.exit(result.status ?? 1);
  }
  const leaks = sourceMapLeaks(distDir);
  if (leaks.length > 0) {
    console.error(`Fleet cannot start: the web build holds source maps (${leaks.join(', ')}).`);
    process.exit(1);
  }
  writeFileSync(stampFile, fingerprint);
}

/**
 * The files of a built app that would hand out its source: source maps, and bundle files that
 * point at one (`sourceMappingURL`). Paths are relative to `dir`.
 */
export function sourceMapLeaks(dir) {
  const leaks = [];
  for (const file of files(dir)) {
    const name = relative(dir, file);
    if (/\.map$/i.test(file)) leaks.push(name);
    else if (/\.(?:js|mjs|cjs|css|html)$/i.test(file)) {
      if (/[#@]\s*sourceMappingURL=/.test(readFileSync(file, 'utf8'))) leaks.push(name);
    }
  }
  return leaks;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildWebIfNeeded({ force: process.argv.includes('--force') });
}
