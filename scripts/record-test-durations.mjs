// `npm run test:durations`: after a full `npm test`, records how long each test file took into
// `scripts/test-durations.json`, which orders a fresh clone's run longest file first
// (`scripts/test-sequencer.ts`). Commit the file when the figures have moved.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = JSON.parse(readFileSync(`${root}.vitest-results.json`, 'utf8'));
const seconds = Object.fromEntries(
  results.testResults
    .filter((file) => file.status === 'passed')
    .map((file) => [
      relative(root, file.name),
      Math.round((file.endTime - file.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(
  fileURLToPath(new URL('test-durations.json', import.meta.url)),
  `${JSON.stringify(seconds, null, 2)}\n`,
);
console.log(`recorded ${Object.keys(seconds).length} files' durations`);
