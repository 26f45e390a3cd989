import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * How many test files run at once, of every project together. The server's files wait mostly on
 * PostgreSQL and the browser's on pages and timers, so a file more than the cores keeps a 2-core
 * machine busy; QP_TEST_WORKERS overrides it.
 */
const workers = Number(process.env.QP_TEST_WORKERS) || os.availableParallelism() + 1;

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Server processes against PostgreSQL, killed and restarted: run by `npm run test:reliability`.
          name: 'reliability',
          include: ['apps/server/src/reliability/**/*.reliability.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/reliability/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // Each worker's files get servers of their own (e2e/support/global-setup.ts), so the browser
          // files run beside each other and beside the server's.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // A page waits on lazy chunks and queries; on a busy shared machine that can pass a second.
          // A poll ends as soon as its condition holds, so a longer limit costs only failing runs.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
