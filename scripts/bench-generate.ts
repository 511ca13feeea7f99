/**
 * `npm run bench:generate`: one table with every row of the generation-speed targets, each beside the peers
 * (openapi-typescript: types only; @hey-api/openapi-ts: types, SDK, zod) run on the same spec in the same run,
 * runs interleaved so that machine noise falls on every tool alike; then the split by step, in a fresh process
 * and in process, and growth on synthetic specs.
 * Then GitHub's REST description (scripts/bench/github.ts): ours with every output beside openapi-typescript, time,
 * peak memory, output size and the type-check of the output.
 * Options: --runs N (default 5), --test-runs N (timed `npm test` runs, default 1; 0 leaves the row unmeasured),
 * --no-openai (skips OpenAI's spec, the longest row), --no-github, --github-only (only GitHub's section).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSpec } from '../generator/load/index.ts';
import { runPipeline } from '../generator/pipeline.ts';
import { DEFAULT_CACHE_DIR } from '../generator/render/format-cache.ts';
import { writeTree } from '../generator/render/write.ts';
import { writeLargeSpec } from './bench/make-large-spec.ts';
import { makeMultiFileSpec } from './make-multifile-spec.ts';
import { fmt, row, stats, type Stats } from './bench/stats.ts';
import { benchGithub } from './bench/github.ts';
import { OPENAI_31_SPEC } from '../test/helpers/public-specs.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'test-runs': { type: 'string', default: '1' },
    'no-openai': { type: 'boolean' },
    'no-github': { type: 'boolean' },
    'github-only': { type: 'boolean' },
  },
});
const runs = Math.max(1, Number(values.runs));
const testRuns = Math.max(0, Number(values['test-runs']));
const tmp = path.resolve('.tmp/bench-generate');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const OPENAI = OPENAI_31_SPEC;
if (values['github-only']) {
  console.log(
    [
      `# bench:generate, GitHub only (${new Date().toISOString().slice(0, 16)}Z, node ${process.version})`,
      '',
      ...benchGithub(runs, tmp),
    ].join('\n'),
  );
  process.exit(0);
}

interface Run {
  ms: number;
  status: number | null;
  stderr: string;
}
function run(cmd: string, args: string[]): Run {
  const start = performance.now();
  const r = spawnSync(cmd, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return { ms: performance.now() - start, status: r.status, stderr: r.stderr };
}

const node = process.execPath;
// As `npm run generate` runs it (without npm's own start-up).
const PEAK_RSS = pathToFileURL(path.resolve('scripts/bench/peak-rss.mjs')).href;
const ours = (spec: string, out: string, ...extra: string[]) => [
  '--import',
  PEAK_RSS,
  path.resolve('scripts/generate.mjs'),
  '--spec',
  spec,
  '--out',
  out,
  ...extra,
];
// The peers lint with Redocly before generating; they get rules loose enough for OpenAI's spec (not timed work of ours).
const redocly = path.join(tmp, 'redocly.yaml');
writeFileSync(redocly, 'extends:\n  - minimal\nrules:\n  operation-summary: off\n  struct: off\n');
const PEERS = {
  'openapi-typescript (types only)': (spec: string, out: string) => [
    path.resolve('node_modules/openapi-typescript/bin/cli.js'),
    spec,
    '-o',
    `${out}.d.ts`,
    '--redocly',
    redocly,
  ],
  '@hey-api/openapi-ts (types, SDK, zod)': (spec: string, out: string) => [
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

interface Measured {
  tool: string;
  samples: number[];
  failure?: string;
  /** Progress lines of our fresh runs, step → samples. */
  steps?: Map<string, number[]>;
  /** Peak resident memory of our runs, in MB. */
  rss?: number[];
}

/** Runs every tool `runs` times, interleaved; a tool that fails is recorded once with its first message. */
function compare(tools: Array<[string, () => string[]]>): Measured[] {
  const results = tools.map(([tool]): Measured => ({ tool, samples: [], steps: new Map() }));
  for (let i = 0; i < runs; i++) {
    tools.forEach(([, args], t) => {
      const m = results[t]!;
      if (m.failure) return;
      const r = run(node, args());
      if (r.status !== 0) {
        m.failure =
          r.stderr
            .split('\n')
            .find((l) => /error/i.test(l))
            ?.trim() ?? `exit ${r.status}`;
        return;
      }
      m.samples.push(r.ms);
      const rss = /^peak-rss-kb (\d+)$/m.exec(r.stderr);
      if (rss) (m.rss ??= []).push(Number(rss[1]) / 1024);
      for (const [, step, ms] of r.stderr.matchAll(/^ {2}(\S.*?)\s+(\d+) ms$/gm))
        m.steps!.set(step!, [...(m.steps!.get(step!) ?? []), Number(ms)]);
    });
  }
  return results;
}

const cell = (m: Measured) => {
  if (m.failure) return `fails (${m.failure.slice(0, 160)})`;
  const s = stats(m.samples);
  return `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)}, IQR ${fmt(s.iqr)}, n=${s.runs})`;
};
const median = (m: Measured) => (m.failure ? NaN : stats(m.samples).median);

// The peers read one bundled file of our multi-file spec; bundling is not charged to them.
const bundled = path.join(tmp, 'openapi.bundled.json');
writeFileSync(bundled, JSON.stringify((await loadSpec('spec/openapi.yaml')).document));
const peerTools = (spec: string, tag: string) =>
  Object.entries(PEERS).map(
    ([name, args], i) =>
      [name, () => args(spec, path.join(tmp, `${tag}-peer${i}`))] as [string, () => string[]],
  );

console.error('bench:generate: our spec, fresh process, no cache …');
const fresh = compare([
  ['ours', () => ours('spec/openapi.yaml', path.join(tmp, 'out'), '--no-cache')],
  ...peerTools(bundled, 'ours'),
]);
// The first run after an install or a generator change also builds what does not depend on the spec: the CLI
// bundle, V8's code cache, the compiled OpenAPI schema validator.
const BUILD_CACHES = ['cli', 'v8', 'ajv'].map((d) =>
  path.resolve('node_modules/.cache/platform-api-codegen', d),
);
const coldBuild = compare([
  [
    'ours',
    () => (
      BUILD_CACHES.forEach((d) => rmSync(d, { recursive: true, force: true })),
      ours('spec/openapi.yaml', path.join(tmp, 'out'), '--no-cache')
    ),
  ],
]);

console.error('bench:generate: our spec, one field changed, cache warm …');
const edited = path.join(tmp, 'spec');
cpSync('spec', edited, { recursive: true });
const schemaFile = path.join(
  edited,
  'schemas',
  readdirSync(path.join(edited, 'schemas'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()[0]!,
);
const original = readFileSync(schemaFile, 'utf8');
let edit = 0;
/** Each run changes the text of the first description of the first schema file, so only what it reaches is new. */
const changeOneField = () =>
  writeFileSync(
    schemaFile,
    original.replace(
      /description: (.*)/,
      (_, d: string) => `description: ${d.replace(/^(['"]?)/, `$1Edit ${++edit}. `)}`,
    ),
  );
const editedRoot = path.join(edited, 'openapi.yaml');
run(node, ours(editedRoot, path.join(tmp, 'out-edit'))); // primes the cache
const warm = compare([['ours', () => (changeOneField(), ours(editedRoot, path.join(tmp, 'out-edit')))]]);

// The same edit in a process that stays up (`generate --watch`, a dev server's plugin): start-up and module loading
// are paid once, so a regeneration costs load, parse, passes, emit, the formatting of what changed, and the write.
const watchSamples: number[] = [];
await runPipeline({ spec: editedRoot, cache: DEFAULT_CACHE_DIR });
for (let i = 0; i < runs; i++) {
  changeOneField();
  const start = performance.now();
  const { files } = await runPipeline({ spec: editedRoot, cache: DEFAULT_CACHE_DIR });
  writeTree(path.join(tmp, 'out-watch'), files);
  watchSamples.push(performance.now() - start);
}

let openai: Measured[] | undefined;
if (!values['no-openai']) {
  console.error('bench:generate: OpenAI 3.1 spec, fresh process, no cache …');
  openai = compare([
    ['ours', () => ours(OPENAI, path.join(tmp, 'out-openai'), '--no-cache')],
    ...peerTools(OPENAI, 'openai'),
  ]);
}

console.error('bench:generate: multi-file synthetic spec …');
const multiFile = makeMultiFileSpec(path.join(tmp, 'multifile'), 80);
const multi = compare([['ours', () => ours(multiFile, path.join(tmp, 'out-multifile'), '--no-cache')]]);

console.error('bench:generate: synthetic specs …');
const growth: Array<{ operations: number; st: Stats }> = [];
for (const resources of [25, 50, 100]) {
  const { file, operations } = writeLargeSpec(tmp, resources);
  await runPipeline({ spec: file });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await runPipeline({ spec: file });
    samples.push(performance.now() - start);
  }
  growth.push({ operations, st: stats(samples) });
}

const npmTest: number[] = [];
for (let i = 0; i < testRuns; i++) {
  console.error(`bench:generate: npm test (${i + 1}/${testRuns}) …`);
  const r = run('npm', ['test']);
  if (r.status !== 0)
    throw new Error(`npm test failed; the row is measured on a passing suite:\n${r.stderr.slice(-2000)}`);
  npmTest.push(r.ms);
}

const lines: string[] = [];
const [ourFresh, ...freshPeers] = fresh;
lines.push(`# bench:generate (${runs} runs per cell, interleaved; median (min–max, IQR, n))`, '');
lines.push(
  '| work | target | ours | openapi-typescript | @hey-api/openapi-ts | ours / fastest peer |',
  '|---|---|---|---|---|---|',
);
const ratio = (ourMs: number, peers: Measured[]) => {
  const best = Math.min(...peers.map(median).filter((x) => !Number.isNaN(x)));
  return Number.isFinite(best) && !Number.isNaN(ourMs) ? (ourMs / best).toFixed(2) : 'n/a';
};
lines.push(
  `| our spec, all outputs, fresh process, no cache | < 2 s | ${cell(ourFresh!)} | ${freshPeers.map(cell).join(' | ')} | ${ratio(median(ourFresh!), freshPeers)} |`,
);
lines.push(
  `| our spec, as above, first run after install (CLI bundle, V8 code cache, schema validator built) | < 2 s | ${cell(coldBuild[0]!)} | ${freshPeers.map(cell).join(' | ')} | ${ratio(median(coldBuild[0]!), freshPeers)} |`,
);
lines.push(
  `| our spec, one field changed, cache warm (peers: no cache, as above) | < 1 s | ${cell(warm[0]!)} | ${freshPeers.map(cell).join(' | ')} | ${ratio(median(warm[0]!), freshPeers)} |`,
);
{
  const w = stats(watchSamples);
  lines.push(
    `| our spec, one field changed, cache warm, in a running process (\`--watch\`) | < 1 s | ${fmt(w.median)} (${fmt(w.min)}–${fmt(w.max)}, IQR ${fmt(w.iqr)}, n=${w.runs}) | | | |`,
  );
}
if (openai) {
  const [ourOa, ...oaPeers] = openai;
  lines.push(
    `| OpenAI 3.1 spec, all outputs, fresh process, no cache | faster than @hey-api | ours: ${cell(ourOa!)} | ${oaPeers.map(cell).join(' | ')} | ${ratio(median(ourOa!), oaPeers)} |`,
  );
} else lines.push('| OpenAI 3.1 spec | faster than @hey-api | not measured (--no-openai) | | | |');
const perOp = growth.map((g) => g.st.median / g.operations);
lines.push(
  `| growth, synthetic ${growth.map((g) => g.operations).join(' / ')} operations (in process, warm, no cache) | linear, 4× faster than 3.4 / 6.1 / 12.3 s | ${growth.map((g) => `${fmt(g.st.median)} (${fmt(g.st.min)}–${fmt(g.st.max)})`).join(' / ')}; ${perOp.map((x) => x.toFixed(1)).join(' / ')} ms per operation | | | |`,
);
lines.push(
  `| \`npm test\` on this machine | < 75 s | ${npmTest.length ? `${fmt(stats(npmTest).median)} (${fmt(stats(npmTest).min)}–${fmt(stats(npmTest).max)}, n=${npmTest.length})` : 'not measured (--test-runs 0)'} | | | |`,
);

const memory = (m: Measured | undefined) => {
  if (!m || m.failure || !m.rss?.length) return 'n/a';
  const s = stats(m.rss);
  return `${s.median.toFixed(0)} MB (${s.min.toFixed(0)}–${s.max.toFixed(0)} MB, n=${s.runs})`;
};
lines.push(
  `| multi-file synthetic spec (${path.relative(tmp, multiFile)}: 400 operations, one file per schema), all outputs, fresh process, no cache | | ${cell(multi[0]!)} | | | |`,
);
lines.push(
  '',
  '## Peak memory of our runs (resident set, worker threads included)',
  '',
  '| spec | goal | peak RSS median (min–max) |',
  '|---|---|---|',
);
lines.push(`| our spec, fresh process, no cache | | ${memory(ourFresh)} |`);
lines.push(`| OpenAI 3.1 spec, fresh process, no cache | < 1 GB | ${memory(openai?.[0])} |`);
lines.push(`| multi-file synthetic spec, fresh process, no cache | < 1.5 GB | ${memory(multi[0])} |`);

const splitTable = (title: string, steps: Map<string, number[]>, total?: Stats) => {
  lines.push('', `## ${title}`, '', '| step | median | min–max | IQR | runs |', '|---|---|---|---|---|');
  for (const [step, samples] of steps) lines.push(row(step, stats(samples)));
  if (total) lines.push(row('total (wall)', total));
};
splitTable(
  'Split by step: our spec, fresh process, no cache (progress lines of the runs above)',
  ourFresh!.steps!,
  ourFresh!.failure ? undefined : stats(ourFresh!.samples),
);
splitTable('Split by step: one field changed, cache warm', warm[0]!.steps!, stats(warm[0]!.samples));
if (openai && !openai[0]!.failure)
  splitTable(
    'Split by step: OpenAI 3.1 spec, fresh process, no cache',
    openai[0]!.steps!,
    stats(openai[0]!.samples),
  );

// In process after one warm-up (a long-lived build step or watch mode), with the write to disk.
const inProcess = new Map<string, number[]>();
const totals: number[] = [];
await runPipeline({ spec: 'spec/openapi.yaml' });
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const { files } = await runPipeline({
    spec: 'spec/openapi.yaml',
    onStep: (t) => inProcess.set(t.step, [...(inProcess.get(t.step) ?? []), t.ms]),
  });
  const w = performance.now();
  writeTree(path.join(tmp, 'in-process'), files);
  inProcess.set('write', [...(inProcess.get('write') ?? []), performance.now() - w]);
  totals.push(performance.now() - start);
}
splitTable('Split by step: our spec, in process, warm, no cache', inProcess, stats(totals));
if (!values['no-github']) lines.push('', ...benchGithub(runs, tmp));
console.log(lines.join('\n'));
