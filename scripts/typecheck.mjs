// Type-checks every workspace with its own tsconfig (the web app needs the DOM, the server does not).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

const projects = [
  '.',
  ...['apps', 'packages'].flatMap((dir) => readdirSync(dir).map((name) => join(dir, name))),
].filter((dir) => existsSync(join(dir, 'tsconfig.json')));

const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });

const queue = [...projects];
const failures = [];
const workers = Array.from({ length: Math.max(1, Math.min(2, cpus().length)) }, async () => {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await run(project);
    console.log(`typecheck ${result.code === 0 ? 'ok  ' : 'FAIL'} ${project}`);
    if (result.code !== 0) failures.push(result);
  }
});
await Promise.all(workers);
for (const failure of failures) process.stdout.write(failure.output);
process.exit(failures.length === 0 ? 0 : 1);
