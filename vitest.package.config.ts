import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:package`: the packaging lane. The tool and the generated packages packed, installed into empty
 * folders and run there (npm, tsc, the packed CLI): slow, CPU- and disk-bound, so its files run one at a time and
 * its bounds only catch a hang.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/package/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    maxWorkers: 1,
    fileParallelism: false,
  },
});
