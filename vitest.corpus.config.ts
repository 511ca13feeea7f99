import { defineConfig } from 'vitest/config';

/** `npm run test:corpus`: the large public and synthetic specs (minutes, not seconds). */
export default defineConfig({
  test: {
    include: ['test/corpus/*.corpus.ts', 'test/corpus/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
