/**
 * `npm run bench:generate`: whole-spec generation time (fresh process, as users run it, and in-process with the
 * split across load / parse / passes / each emitter / prettier), side by side with openapi-typescript on the
 * same spec in the same run, and how time grows on synthetic specs of increasing size.
 * Options: --runs N (default 5).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSpec } from '../generator/load/index.ts';
import { runPipeline } from '../generator/pipeline.ts';
import { writeLargeSpec } from './bench/make-large-spec.ts';
import { row, stats } from './bench/stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
const tmp = path.resolve('.tmp/bench-generate');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

function timeProcess(cmd: string, args: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = performance.now() - start;
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
    out.push(ms);
  }
  return out;
}

// The peer reads one bundled file; bundling is not charged to it.
const bundled = path.join(tmp, 'openapi.bundled.json');
writeFileSync(bundled, JSON.stringify((await loadSpec('spec/openapi.yaml')).document));
const node = process.execPath;
const tsxCli = path.resolve('node_modules/tsx/dist/cli.mjs');
const oaTs = path.resolve('node_modules/openapi-typescript/bin/cli.js');

const ours = timeProcess(node, [tsxCli, 'scripts/generate.ts', '--out', path.join(tmp, 'out'), '--quiet', '--no-cache']);
// Prime the cache once, then time regenerations that find every file formatted already.
timeProcess(node, [tsxCli, 'scripts/generate.ts', '--out', path.join(tmp, 'out'), '--quiet']);
const oursWarm = timeProcess(node, [tsxCli, 'scripts/generate.ts', '--out', path.join(tmp, 'out'), '--quiet']);
const peer = timeProcess(node, [oaTs, bundled, '-o', path.join(tmp, 'openapi-typescript.d.ts')]);

/** In-process timings after one warm-up, as a long-lived build step sees them, split by step. */
async function inProcess(emitters?: string[]) {
  const options = { spec: 'spec/openapi.yaml', ...(emitters ? { emitters } : {}) };
  await runPipeline(options);
  const steps = new Map<string, number[]>();
  const totals: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await runPipeline({ ...options, onStep: (t) => steps.set(t.step, [...(steps.get(t.step) ?? []), t.ms]) });
    totals.push(performance.now() - start);
  }
  return { steps, totals };
}
const core = await inProcess(['types', 'enums', 'state-machines', 'docs']);
const everything = await inProcess();

const lines: string[] = [];
const ratio = stats(ours).median / stats(peer).median;
lines.push(`## Whole spec, fresh process (${runs} runs each)`, '', '| tool | median | min–max | IQR | runs |', '|---|---|---|---|---|');
lines.push(row('platform-api-codegen, all emitters, prettier (no cache)', stats(ours)), row('platform-api-codegen, all emitters, prettier cache warm', stats(oursWarm)), row('openapi-typescript (types only)', stats(peer)));
lines.push('', `Ratio ours (no cache) / openapi-typescript: ${ratio.toFixed(2)}; warm cache: ${(stats(oursWarm).median / stats(peer).median).toFixed(2)}`, '');
for (const [title, r] of [['types, enums, state machines, docs (the core outputs)', core], ['all emitters (adds client, validators, server)', everything]] as const) {
  lines.push(`## In process, warm, ${title} (${runs} runs)`, '', '| step | median | min–max | IQR | runs |', '|---|---|---|---|---|');
  for (const [step, samples] of r.steps) lines.push(row(step, stats(samples)));
  lines.push(row('total', stats(r.totals)), '');
}

lines.push('## Growth with size (synthetic specs, in process, warm)', '', '| operations | median | min–max | IQR | runs |', '|---|---|---|---|---|');
for (const resources of [25, 50, 100]) {
  const { file, operations } = writeLargeSpec(tmp, resources);
  await runPipeline({ spec: file });
  const samples: number[] = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    const start = performance.now();
    await runPipeline({ spec: file });
    samples.push(performance.now() - start);
  }
  lines.push(row(String(operations), stats(samples)));
}
console.log(lines.join('\n'));
