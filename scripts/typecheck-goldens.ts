/**
 * `tsc --strict` over every golden tree. A golden tree stores only spec-dependent files; the runtimes it lists in
 * `expected/VERBATIM.txt` are copied in from the current generator output (the golden test has already checked
 * their hashes), so each tree is checked whole, in `.tmp/golden-tsc/<case>/`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runPipeline } from '../generator/pipeline.ts';

const root = 'test/fixtures/generator';
const out = path.resolve('.tmp/golden-tsc');
rmSync(out, { recursive: true, force: true });
const cases = readdirSync(root).filter((d) => existsSync(path.join(root, d, 'expected')));
for (const name of cases) {
  const target = path.join(out, name);
  cpSync(path.join(root, name, 'expected'), target, { recursive: true });
  const { files } = await runPipeline({ spec: path.join(root, name, 'openapi.yaml') });
  for (const f of files.filter((x) => x.verbatim)) {
    mkdirSync(path.dirname(path.join(target, f.path)), { recursive: true });
    writeFileSync(path.join(target, f.path), f.contents);
  }
}
writeFileSync(path.join(out, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.json', include: ['./**/*.ts'], exclude: [] }));
const tsc = spawnSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', path.join(out, 'tsconfig.json'), '--noEmit'], { stdio: 'inherit' });
if (tsc.status === 0) console.log(`golden trees type-check: ${cases.join(', ')}`);
process.exitCode = tsc.status ?? 1;
