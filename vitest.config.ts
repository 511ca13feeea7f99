import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, although most test
    // files wait on servers and child processes. Two per core keeps both cores busy.
    maxWorkers: Math.max(2, 2 * os.availableParallelism()),
    // Test files share a worker's module cache (the generator, ts-morph and prettier load once per worker, not
    // once per file); no test mocks modules or relies on a fresh module state.
    isolate: false,
  },
});
