/**
 * `npm run bench:emulator`: the emulator beside Prism (@stoplight/prism-cli 5.14.2, the newest 5.x that installs on
 * Node 20) mocking the same spec, on our spec and on OpenAI's published one (test/fixtures/corpus/openai-3.1.yaml),
 * in one run, rounds interleaved, each server a fresh child process started through the command a user runs
 * (`platform-api-codegen emulate` installed: `lib/` is built from this checkout first, `npm run build:tool`, and
 * `bin/platform-api-codegen.js` run on plain Node; Prism's `mock`):
 * - first start: spawn to first answered request with an empty cache folder (`--cache`), so the spec is generated
 *   and compiled; the emulator's own progress lines (generate, compile) are kept apart;
 * - cached start: the same with the compiled emulator in the cache (every run but the first after a change), wall
 *   time and the process's CPU time by then (from /proc, where there is one);
 * - Prism's start, beside both;
 * - requests per second (autocannon, 127.0.0.1, 2xx only) for create (`POST /vector_stores`), retrieve
 *   (`GET /vector_stores/{id}`) and list (`GET /vector_stores?limit=20`).
 * Median (min–max) over rounds. `-- --rounds N` (3), `--duration s` (3), `--connections N` (10), `--specs ours,openai`,
 * `--no-build` (use `lib/` as it is).
 * Every process started here is stopped by its pid; every load is bounded by `--duration`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emulatorCommand, prismCommand, PRISM, startServer, stop, type Running } from './bench/servers.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    specs: { type: 'string', default: 'ours,openai' },
    'no-build': { type: 'boolean', default: false },
  },
});
if (values['no-build'] && !existsSync('lib/generator/cli/index.js')) {
  console.error('bench:emulator: --no-build, but lib/ is not built (npm run build:tool)');
  process.exit(1);
}
if (!values['no-build']) {
  // The installed form of this checkout's sources: a lib/ left from an earlier build would time older code.
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/package/build-tool.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build:tool failed: nothing measured');
}
/** The emulate command as installed (lib/), on `file` with `extra` options. */
const emulator = (file: string, extra: string[], basePath: string) =>
  emulatorCommand(file, extra, basePath, '.', 'built');
interface Spec {
  file: string;
  basePath: string;
  /** Options of `emulate` for this spec: OpenAI's has findings that only `--tolerant` reads past (a user's choice). */
  options: string[];
}
const SPECS: Record<string, Spec> = {
  ours: { file: 'spec/openapi.yaml', basePath: '/v1', options: [] },
  openai: { file: 'test/fixtures/corpus/openai-3.1.yaml', basePath: '/v1', options: ['--tolerant'] },
};
const AUTH = { authorization: 'Bearer sk-bench', 'content-type': 'application/json' };
const CREATE_BODY = JSON.stringify({ name: 'bench store', metadata: { team: 'bench' } });
const ROWS = [
  'first start ms',
  'cached start ms',
  'cached start CPU ms',
  'create req/s',
  'retrieve req/s',
  'list req/s',
] as const;
type Row = (typeof ROWS)[number];

const ready = async (base: string) => {
  const res = await fetch(`${base}/vector_stores?limit=1`, { headers: AUTH });
  await res.arrayBuffer();
  return res.status === 200;
};

type Autocannon = (
  o: Record<string, unknown>,
) => Promise<{ non2xx: number; errors: number; requests: { average: number } }>;

async function load(url: string, method: string, body?: string): Promise<number> {
  // autocannon ships no type declarations: import it by a non-literal name and describe what is used.
  const name = 'autocannon';
  const { default: autocannon } = (await import(name)) as { default: Autocannon };
  const result = await autocannon({
    url,
    method,
    headers: AUTH,
    ...(body ? { body } : {}),
    connections: Number(values.connections),
    duration: Number(values.duration),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${method} ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function throughput(running: Running, into: Record<Row, number[]>): Promise<void> {
  const { base } = running;
  const created = (await (
    await fetch(`${base}/vector_stores`, { method: 'POST', headers: AUTH, body: CREATE_BODY })
  ).json()) as { id: string };
  into['create req/s'].push(await load(`${base}/vector_stores`, 'POST', CREATE_BODY));
  into['retrieve req/s'].push(await load(`${base}/vector_stores/${encodeURIComponent(created.id)}`, 'GET'));
  into['list req/s'].push(await load(`${base}/vector_stores?limit=20`, 'GET'));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (xs: number[]) =>
  xs.length ? `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})` : '-';

async function bench(name: string, spec: Spec): Promise<void> {
  const rounds = Number(values.rounds);
  const empty = () => Object.fromEntries(ROWS.map((r) => [r, []])) as unknown as Record<Row, number[]>;
  const ours = empty();
  const peer = empty();
  const progress: string[] = [];
  const warm = mkdtempSync(path.join(tmpdir(), 'bench-emulator-cache-'));
  try {
    for (let round = 0; round < rounds; round++) {
      // A fresh cache folder: generate and compile, as on the first run after a change.
      const cold = mkdtempSync(path.join(tmpdir(), 'bench-emulator-cold-'));
      const lines: string[] = [];
      try {
        const first = await startServer(
          emulator(spec.file, [...spec.options, '--cache', cold], spec.basePath),
          ready,
          600_000,
          (c) => lines.push(c),
        );
        ours['first start ms'].push(first.startupMs);
        progress.push(lines.join('').trim());
        await stop(first.proc);
      } finally {
        rmSync(cold, { recursive: true, force: true });
      }
      // The warm folder is filled by the first round's cached start (its first, uncounted, start).
      if (round === 0)
        await stop(
          (await startServer(emulator(spec.file, [...spec.options, '--cache', warm], spec.basePath), ready))
            .proc,
        );
      const order = round % 2 ? ['prism', 'emulator'] : ['emulator', 'prism'];
      for (const who of order) {
        const running =
          who === 'emulator'
            ? await startServer(emulator(spec.file, [...spec.options, '--cache', warm], spec.basePath), ready)
            : await startServer(prismCommand(spec.file), ready, 600_000);
        try {
          const into = who === 'emulator' ? ours : peer;
          into['cached start ms'].push(running.startupMs);
          if (running.startupCpuMs !== undefined) into['cached start CPU ms'].push(running.startupCpuMs);
          if (who !== 'emulator') peer['first start ms'].push(running.startupMs);
          await throughput(running, who === 'emulator' ? ours : peer);
        } finally {
          await stop(running.proc);
        }
      }
      process.stderr.write(`${name}: round ${round + 1}/${rounds} done\n`);
    }
  } finally {
    rmSync(warm, { recursive: true, force: true });
  }
  console.log(
    `\n${name}: the emulator of ${spec.file} vs Prism mocking the same spec: ${rounds} rounds (interleaved), ${values.duration} s per load, ${values.connections} connections; median (min–max)`,
  );
  console.log(
    `started as: ${emulator(spec.file, spec.options, spec.basePath).how}; ${prismCommand(spec.file).how}`,
  );
  console.log(
    `emulator's progress lines, first start of round 1:\n${progress[0]!
      .split('\n')
      .map((l) => `  ${l.trim()}`)
      .join('\n')}`,
  );
  console.log(`| row | emulator | ${PRISM} | emulator / prism |\n|---|---|---|---|`);
  for (const row of ROWS) {
    const a = ours[row];
    const b = peer[row];
    // Times: how many times faster (or slower) the emulator starts; rates: the emulator's over Prism's.
    const ratio = row.endsWith('ms') ? median(b) / median(a) : median(a) / median(b);
    const shown = !row.endsWith('ms')
      ? `${ratio.toFixed(2)}×`
      : ratio >= 1
        ? `${ratio.toFixed(2)}× faster`
        : `${(1 / ratio).toFixed(2)}× slower`;
    console.log(`| ${row} | ${fmt(a)} | ${fmt(b)} | ${a.length && b.length ? shown : '-'} |`);
  }
}

for (const name of values.specs.split(',')) {
  const spec = SPECS[name];
  if (!spec) throw new Error(`--specs: no spec ${name} (known: ${Object.keys(SPECS).join(', ')})`);
  await bench(name, spec);
}
console.log(
  '\nPrism has no cache: its one start is shown beside both of ours. It keeps no state (its create stores nothing, its retrieve answers any id); the emulator stores, validates and pages.',
);
