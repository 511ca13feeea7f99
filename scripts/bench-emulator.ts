/**
 * `npm run bench:emulator`: our API's emulator beside Prism (@stoplight/prism-cli 5.14.2, the newest 5.x that
 * installs on Node 20) mocking the same spec, in one run, rounds interleaved, each server a fresh child process:
 * - start-up: from spawning the command to its first answered request (the emulator's compiled form cached, as
 *   on every run but the first after a change; the first run's generate and compile times are printed apart);
 * - requests per second (autocannon, 127.0.0.1) for create (`POST /vector_stores`), retrieve
 *   (`GET /vector_stores/{id}`) and list (`GET /vector_stores?limit=20`), each answered 2xx only.
 * Median (min–max) over rounds. `-- --rounds N` (3), `--duration s` (3), `--connections N` (10).
 * Every process started here is stopped by its pid; every load is bounded by `--duration`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
});
const SPEC = 'spec/openapi.yaml';
const AUTH = { authorization: 'Bearer sk-bench', 'content-type': 'application/json' };
const CREATE_BODY = JSON.stringify({ name: 'bench store', metadata: { team: 'bench' } });

interface Target {
  name: string;
  command: string[];
  /** The API's root on the port. */
  base: (port: number) => string;
}

const TARGETS: Target[] = [
  {
    name: 'emulator',
    command: [process.execPath, '--import', 'tsx', 'scripts/tool.ts', 'emulate', '--spec', SPEC, '--port'],
    base: (p) => `http://127.0.0.1:${p}/v1`,
  },
  {
    name: 'prism 5.14.2',
    command: [
      process.execPath,
      'node_modules/@stoplight/prism-cli/dist/index.js',
      'mock',
      SPEC,
      '-h',
      '127.0.0.1',
      '-p',
    ],
    base: (p) => `http://127.0.0.1:${p}`,
  },
];

/** A port free right now on 127.0.0.1 (the OS picks it; others run servers on this machine too). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startTarget(
  t: Target,
): Promise<{ proc: ChildProcess; base: string; startupMs: number; stderr: () => string }> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(t.command[0]!, [...t.command.slice(1), String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const base = t.base(port);
  const deadline = started + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${t.name} exited ${proc.exitCode}: ${err.slice(-2000)}`);
    if (performance.now() > deadline) throw new Error(`${t.name} did not answer within 120 s`);
    try {
      const res = await fetch(`${base}/vector_stores?limit=1`, { headers: AUTH });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { proc, base, startupMs: performance.now() - started, stderr: () => err };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

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

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main(): Promise<void> {
  // The first emulator run generates and compiles into the cache; later runs (the measured ones) reuse it.
  const first = await startTarget(TARGETS[0]!);
  const prepared = first.stderr().trim();
  await stop(first.proc);
  const rows = ['start-up ms', 'create req/s', 'retrieve req/s', 'list req/s'];
  const results: Record<string, Record<string, number[]>> = Object.fromEntries(
    TARGETS.map((t) => [t.name, Object.fromEntries(rows.map((r) => [r, []]))]),
  );
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...TARGETS].reverse() : TARGETS;
    for (const t of order) {
      const { proc, base, startupMs } = await startTarget(t);
      try {
        const r = results[t.name]!;
        r['start-up ms']!.push(startupMs);
        const created = (await (
          await fetch(`${base}/vector_stores`, { method: 'POST', headers: AUTH, body: CREATE_BODY })
        ).json()) as { id: string };
        r['create req/s']!.push(await load(`${base}/vector_stores`, 'POST', CREATE_BODY));
        r['retrieve req/s']!.push(
          await load(`${base}/vector_stores/${encodeURIComponent(created.id)}`, 'GET'),
        );
        r['list req/s']!.push(await load(`${base}/vector_stores?limit=20`, 'GET'));
      } finally {
        await stop(proc);
      }
      process.stderr.write(`round ${round + 1}/${rounds}: ${t.name} done\n`);
    }
  }
  const [ours, peer] = TARGETS.map((t) => t.name) as [string, string];
  console.log(
    `emulator of ${SPEC} vs Prism mocking the same spec: ${rounds} rounds (interleaved), ${values.duration} s per load, ${values.connections} connections; median (min–max)`,
  );
  console.log(
    prepared
      ? `first emulator run (generate + compile into the cache):\n${prepared
          .split('\n')
          .map((l) => `  ${l.trim()}`)
          .join('\n')}`
      : 'first emulator run: the compiled emulator was already cached',
  );
  console.log(`| row | ${ours} | ${peer} | ${ours} / ${peer} |\n|---|---|---|---|`);
  for (const row of rows) {
    const a = results[ours]![row]!;
    const b = results[peer]![row]!;
    const ratio = row.startsWith('start-up') ? median(b) / median(a) : median(a) / median(b);
    console.log(
      `| ${row} | ${fmt(a)} | ${fmt(b)} | ${ratio.toFixed(2)}× ${row.startsWith('start-up') ? 'faster' : ''} |`,
    );
  }
  console.log(
    'Prism answers from the spec (no state: its create stores nothing, its retrieve answers any id); the emulator stores, validates and pages.',
  );
}

await main();
