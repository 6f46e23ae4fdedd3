import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest's default there is one): most suites wait on
    // a server, a child process or PostgreSQL, and the run takes about 70% of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['tests/support/global-setup.mjs'],
  },
});
