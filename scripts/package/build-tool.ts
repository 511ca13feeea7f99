/**
 * `npm run build:tool`: compiles the generator to JavaScript in `lib/` (tsc, rewriting the `.ts` import
 * specifiers to `.js`), with the templates and the prettier worker beside it, so the packed toolchain runs on
 * plain Node without tsx. Layout mirrors the repository (`lib/generator/…`, `lib/templates/…`), so the generator
 * finds its templates at the same relative place.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lib = path.join(repo, 'lib');
rmSync(lib, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', path.join(repo, 'tsconfig.tool.json')],
  { stdio: ['ignore', 2, 2] },
);
if (tsc.status !== 0) {
  console.error('error[build]: tsc failed on the generator');
  process.exit(1);
}
cpSync(path.join(repo, 'templates'), path.join(lib, 'templates'), { recursive: true });
cpSync(
  path.join(repo, 'generator/render/format-worker.mjs'),
  path.join(lib, 'generator/render/format-worker.mjs'),
);
// stderr: `npm pack --json` runs this as prepack, and its stdout must stay JSON.
console.error('built lib/ (generator as JavaScript, templates)');
