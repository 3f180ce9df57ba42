import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-sequencer';

// One runner for the whole repository. `unit` holds unit and integration tests that live beside
// the code they test; `e2e` drives Debian's Chromium against a real server and runs one file at a
// time so that browser and server start-up never compete for the machine's two cores.
export default defineConfig({
  test: {
    // A fresh clone has no record of earlier runs: start the longest files first all the same.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // The web app's style sheet as text (`styles.css?raw`) for the tests that check values
          // the code must agree with; every other style sheet is still stubbed out.
          css: { include: [/apps\/web\/src\/styles\.css/] },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Three files at a time on the machine's two cores: much of a file's time is waiting on
          // Postgres, a spawned server or a socket (the longest files, which start first, most of
          // all), and with two at a time a quarter of the cores' time went idle.
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
