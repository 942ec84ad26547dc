import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

/** One runner, four projects: contract and server (node), web (jsdom), e2e (real Chromium). */
export default defineConfig({
  test: {
    // Three files at a time on 2 cores (Vitest's default there is one): a browser file spends most
    // of its time waiting on Chromium and its server, a server file on its database, so a third
    // file fills the cores meanwhile. Measured on b26f654 (1,691 tests): browser files one after
    // another 675 s, two at a time 528 s, three at a time 446 s, every test passing each time.
    maxWorkers: 3,
    // The default output, and last the names of any files a dying worker took with it.
    reporters: ['default', './scripts/unfinished-files-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@magazzino/contract': contractSource } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A database of each dialect migrated once per run, copied by every test app, and the
          // files of a worker sharing its modules (the app, its drivers, sharp) instead of each
          // importing them again: a server file keeps no state in a module that another reads.
          // This project alone, 2026-11-29: 273 s, 240 s with the copies, 189 s sharing modules.
          globalSetup: ['test/migrated-templates.ts'],
          isolate: false,
        },
      },
      'apps/web',
      {
        // Measurements (npm run bench:upload): real work timed, never part of npm test.
        resolve: { alias: { '@magazzino/contract': contractSource } },
        test: {
          name: 'measure',
          root: 'apps/server',
          include: ['src/**/*.measure.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser and one server per file, each on its own free port and data folder, so
          // browser files run beside each other (and beside the unit files) like any other.
          fileParallelism: true,
        },
      },
    ],
  },
});
