import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * openai-node's own `tests/api-resources` suite, read from the checkout `OPENAI_NODE_DIR` points at (nothing of it
 * is in this repository), run as its authors run it: globals, `jest.spyOn` given by vitest's `vi`, thrown errors
 * snapshotted by their message as jest does, and `openai`
 * resolved to the checkout's own `src/` (the tests are written for the client of their commit). The server it talks
 * to is `TEST_API_BASE_URL`; `npm run test:openai-node` (scripts/openai-node-suite.ts) runs it against Prism and
 * against the emulator and compares.
 */
const dir = path.resolve(process.env.OPENAI_NODE_DIR ?? 'OPENAI_NODE_DIR-is-not-set');
export default defineConfig({
  resolve: {
    alias: [
      { find: /^openai$/, replacement: path.join(dir, 'src/index.ts') },
      { find: /^openai\/(.*)$/, replacement: path.join(dir, 'src/$1') },
    ],
  },
  test: {
    root: dir,
    include: ['tests/api-resources/**/*.test.ts'],
    globals: true,
    setupFiles: [
      new URL('test/openai-node/jest-globals.ts', import.meta.url).pathname,
      new URL('test/openai-node/record-requests.ts', import.meta.url).pathname,
    ],
    snapshotSerializers: [new URL('test/openai-node/error-snapshots.ts', import.meta.url).pathname],
    testTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
