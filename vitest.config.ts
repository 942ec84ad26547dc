import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

/** One runner, four projects: contract and server (node), web (jsdom), e2e (real Chromium). */
export default defineConfig({
  test: {
    // Two files at a time (Vitest's default on 2 cores is one): a browser test waits on Chromium
    // and its server most of the time, and a server or web file fills the other core meanwhile.
    maxWorkers: 2,
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
          // One browser and one server per file; files run one after another on 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
