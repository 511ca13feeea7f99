/**
 * `npm run typecheck`: one `tsc --strict` program over the generator, templates, scripts, tests, `generated/`
 * and every golden tree (one program instead of one per tree: the standard library and the shared sources are
 * checked once). A golden tree stores only spec-dependent files; the runtimes it lists in
 * `expected/VERBATIM.txt` are copied in from `generated/` when their hash matches (they are the same template
 * files; the golden test checks the hashes), else from a fresh generation of the case, into
 * `.tmp/typecheck/golden/<case>/`. tsc's incremental state is kept in `node_modules/.cache/`, so a re-run checks
 * only what changed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = 'test/fixtures/generator';
const out = path.resolve('.tmp/typecheck');
const golden = path.join(out, 'golden');
rmSync(golden, { recursive: true, force: true });
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const cases = readdirSync(root).filter((d) => existsSync(path.join(root, d, 'expected')));
for (const name of cases) {
  const target = path.join(golden, name);
  cpSync(path.join(root, name, 'expected'), target, { recursive: true });
  const manifest = readFileSync(path.join(root, name, 'expected', 'VERBATIM.txt'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ') as [string, string]);
  const copied = manifest.every(([file, sum]) => {
    const from = path.join('generated', file);
    if (!existsSync(from) || hash(readFileSync(from, 'utf8')) !== sum) return false;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(from, path.join(target, file));
    return true;
  });
  if (!copied) {
    const { runPipeline } = await import('../generator/pipeline.ts');
    const { files } = await runPipeline({ spec: path.join(root, name, 'openapi.yaml') });
    for (const f of files.filter((x) => x.verbatim)) {
      mkdirSync(path.dirname(path.join(target, f.path)), { recursive: true });
      writeFileSync(path.join(target, f.path), f.contents);
    }
  }
}
const base = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { include: string[]; exclude: string[] };
const up = (p: string) => path.relative(out, path.resolve(p));
writeFileSync(
  path.join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: up('tsconfig.json'),
    compilerOptions: {
      incremental: true,
      tsBuildInfoFile: up('node_modules/.cache/platform-api-codegen/typecheck.tsbuildinfo'),
    },
    include: [...base.include.map(up), 'golden/**/*.ts'],
    exclude: base.exclude.map(up),
  }),
);
const tsc = spawnSync(
  process.execPath,
  [path.resolve('node_modules/typescript/bin/tsc'), '-p', path.join(out, 'tsconfig.json'), '--noEmit'],
  { stdio: 'inherit' },
);
if (tsc.status === 0) console.log(`type-check: the project and the golden trees ${cases.join(', ')}`);
process.exitCode = tsc.status ?? 1;
