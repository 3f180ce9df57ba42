// `npm test`: every check a change must pass, in one command. Each step runs even when an earlier
// one failed, so one run shows everything that is wrong; the exit code is non-zero if any failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));
const resultsFile = `${root}.vitest-results.json`;

const steps = [
  ['typecheck', [fileURLToPath(new URL('typecheck.mjs', import.meta.url))]],
  ['lint', [bin('eslint/bin/eslint.js'), '--max-warnings=0', '.']],
  ['format', [bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']],
];

const failed = [];
const started = Date.now();

// The static checks run side by side (each keeps one core busy) and print in order.
const outcomes = await Promise.all(steps.map(([, args]) => runCaptured(args)));
steps.forEach(([name], index) => {
  const outcome = outcomes[index];
  console.log(`\n▶ ${name}`);
  if (outcome.output) process.stdout.write(outcome.output);
  if (outcome.status !== 0) failed.push(name);
});

console.log('\n▶ chromium');
if (!ensureChromium()) failed.push('chromium');

console.log(
  `\n▶ tests (unit, integration and e2e; database: pglite${process.env.DATABASE_URL ? ' and postgres' : ''})`,
);
rmSync(resultsFile, { force: true });
const vitest = spawnSync(
  process.execPath,
  [
    bin('vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
  ],
  { cwd: root, stdio: 'inherit' },
);
if (vitest.status !== 0) failed.push('tests');

const counts = readCounts();
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\nchecks: ${steps.length + 1 - failed.filter((name) => name !== 'tests').length} of ${steps.length + 1} passed; ${seconds} s`,
);
if (failed.length > 0) console.log(`failed steps: ${failed.join(', ')}`);
// The plain closing line that CI reads.
console.log(
  `tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
);
process.exit(failed.length === 0 && counts.passed > 0 ? 0 : 1);

function readCounts() {
  if (!existsSync(resultsFile)) return { passed: 0, failed: 0, skipped: 0 };
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  return {
    passed: results.numPassedTests ?? 0,
    // A file that fails to load has no failed test but must count as a failure.
    failed:
      (results.numFailedTests ?? 0) +
      (results.testResults ?? []).filter(
        (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
      ).length,
    skipped: (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0),
  };
}

function runCaptured(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}
