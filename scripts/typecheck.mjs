// Type-checks every workspace with its own tsconfig (the web app needs the DOM, the server does not).
// Workspaces whose tsconfigs differ only in what they include are checked as one program: the
// server imports every package from source, so checking each package on its own as well checked
// the packages' files up to six times (~60% of this step's CPU). The programs run two at a time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';

const projects = [
  '.',
  ...['apps', 'packages'].flatMap((dir) => readdirSync(dir).map((name) => join(dir, name))),
].filter((dir) => existsSync(join(dir, 'tsconfig.json')));

/** Projects grouped by everything but `include`; a group of one keeps its own tsconfig. */
const groups = new Map();
for (const project of projects) {
  const { include, ...settings } = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8'));
  const extendsPath = settings.extends ? resolve(project, settings.extends) : undefined;
  const key = JSON.stringify({ ...settings, extends: extendsPath });
  const group = groups.get(key) ?? { settings: { ...settings, extends: extendsPath }, members: [] };
  group.members.push({ project, include: include ?? [] });
  groups.set(key, group);
}

const cacheDir = join('node_modules', '.cache', 'typecheck');
const programs = [...groups.values()].map((group, index) => {
  const names = group.members.map((member) => member.project);
  if (group.members.length === 1) return { label: names[0], tsconfig: names[0] };
  mkdirSync(cacheDir, { recursive: true });
  const tsconfig = join(cacheDir, `group-${index}.json`);
  const include = group.members.flatMap(({ project, include }) =>
    include.map((pattern) => resolve(project, pattern)),
  );
  writeFileSync(tsconfig, JSON.stringify({ ...group.settings, include }, null, 2));
  return { label: names.join(' '), tsconfig };
});

const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
const run = ({ label, tsconfig }) =>
  new Promise((resolveRun) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', tsconfig], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolveRun({ label, code, output }));
  });

// The largest program first, so that the two runners finish close together.
const queue = programs.sort((a, b) => b.label.length - a.label.length);
const failures = [];
const workers = Array.from({ length: Math.max(1, Math.min(2, cpus().length)) }, async () => {
  for (let program = queue.shift(); program !== undefined; program = queue.shift()) {
    const result = await run(program);
    console.log(`typecheck ${result.code === 0 ? 'ok  ' : 'FAIL'} ${result.label}`);
    if (result.code !== 0) failures.push(result);
  }
});
await Promise.all(workers);
for (const failure of failures) process.stdout.write(failure.output);
process.exit(failures.length === 0 ? 0 : 1);
