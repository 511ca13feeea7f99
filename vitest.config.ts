import os from 'node:os';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The runtime tests import templates/ directly (the core is tested without any spec). Its `brand.ts` holds the
 * codegen config's defaults; the generator writes the project's values in its place, so the tests read the
 * generated brand module, as the shipped client and server do.
 */
function projectBrand(): Plugin {
  const root = path.resolve(import.meta.dirname);
  const brands: Record<string, string> = {
    [path.join(root, 'templates/client/internal/brand.js')]: path.join(
      root,
      'generated/client/internal/brand.ts',
    ),
    [path.join(root, 'templates/server/brand.js')]: path.join(root, 'generated/server/brand.ts'),
  };
  return {
    name: 'project-brand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith('/brand.js') || !importer) return null;
      return brands[path.resolve(path.dirname(importer), source)] ?? null;
    },
  };
}

export default defineConfig({
  plugins: [projectBrand()],
  test: {
    // The packaging, release and toolchain tests (npm pack, npm install, tsc on installed packages) are the lane
    // `npm run test:package` (vitest.package.config.ts), the corpora (52 small public specs, OpenAI's, a synthetic
    // one) the lane `npm run test:corpus`, the diff on real spec histories `npm run test:diff-history`, openai-node's
    // own suite (from a checkout named by OPENAI_NODE_DIR) `npm run test:openai-node`; CI runs every lane but the last.
    include: ['test/**/*.test.ts'],
    exclude: ['test/package/**', 'test/corpus/**', 'test/diff-history/**', 'test/fixtures/**', '**/node_modules/**'],
    // Bounds, not timing assertions: a test only fails on them when it hangs. They are far above what any test
    // takes on a loaded 2-core machine (no test here waits on a fixed short timer).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, although many test
    // files wait on servers and child processes. One more than the cores keeps them busy without oversubscribing.
    maxWorkers: os.availableParallelism() + 1,
    // Test files share a worker's module cache (the generator, ts-morph and prettier load once per worker, not
    // once per file); no test mocks modules or relies on a fresh module state.
    isolate: false,
  },
});
