import { defineConfig } from 'vitest/config';

/** `npm run test:prism`: public specs' clients judged by Prism and our server (minutes: one Prism per spec). */
export default defineConfig({
  test: {
    include: ['test/prism/*.lane.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One spec at a time: each starts Prism, our server and a generated client of hundreds of operations.
    fileParallelism: false,
  },
});
