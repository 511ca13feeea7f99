/**
 * `npm run bench:diff-history -- [--optic DIR] [--runs N] [--timeout S] [--api NAME] [--pairs N]`: the diff on
 * the pairs of real spec versions of test/fixtures/diff-history (from pinned npm packages), per pair, beside Optic on the same pair in the same
 * run: verdict (against the one judged by hand), wall time (median of --runs, default 3) and peak memory (the
 * process's maximum resident set, from GNU time). Each side runs as its own process, end to end: ours is
 * `diff <base> <head>` of this repository's CLI; Optic is `optic diff <base> <head> --check --validation loose`
 * with OPTIC_TELEMETRY_LEVEL=off. Run `npm run build:tool` first to time the built tool (bin/, as installed); without
 * lib/ the sources run through tsx, which adds its start-up.
 *
 * Optic (npm @useoptic/optic 1.0.9) is not a dependency of this repository: its install runs scripts and brings 630
 * packages, and it needs `"overrides": {"ajv": "8.17.1"}` to start at all. Install it in a scratch folder outside
 * the repository and pass that folder:
 *   mkdir /tmp/optic && cd /tmp/optic && npm init -y && npm pkg set overrides.ajv=8.17.1 &&
 *   npm install --ignore-scripts -E @useoptic/optic@1.0.9
 * Without --optic only our side runs. A side that exceeds --timeout (default 300 s) is stopped and counted as no
 * verdict.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadPairs, materialise, type Verdict } from '../test/diff-history/history.ts';

const { values } = parseArgs({
  options: {
    optic: { type: 'string' },
    runs: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '300' },
    api: { type: 'string' },
    pairs: { type: 'string' },
  },
  strict: true,
});
const RUNS = Number(values.runs);
const TIMEOUT_MS = Number(values.timeout) * 1000;
const ROOT = path.resolve(import.meta.dirname, '..');
const TIME = '/usr/bin/time';
// The children get no NODE_OPTIONS of this script's own loader (tsx puts one there, which resolves from its cwd).
const { NODE_OPTIONS: _loader, ...CHILD_ENV } = process.env;
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
// The built tool as users run it (`npm run build:tool` makes lib/), else the sources through tsx (slower to start).
const OURS = existsSync(path.join(ROOT, 'lib/generator/tool.js'))
  ? [path.join(ROOT, 'bin/platform-api-codegen.js')]
  : ['--import', TSX, path.join(ROOT, 'scripts/tool.ts')];
const opticBin = values.optic ? path.join(path.resolve(values.optic), 'node_modules/.bin/optic') : undefined;
if (opticBin && !existsSync(opticBin)) {
  console.error(`no Optic at ${opticBin}: see the instructions at the top of this script`);
  process.exit(2);
}
if (!existsSync(TIME)) {
  console.error(`${TIME} (GNU time) is needed for peak memory: apt-get install time`);
  process.exit(2);
}

interface Run {
  verdict?: Verdict;
  ms: number;
  /** Peak resident memory; NaN when the run was stopped at the timeout. */
  mb: number;
  timedOut?: true;
}

/**
 * One process under GNU time, in a process group of its own so a timeout stops all of it. The verdict: ours from
 * the JSON it prints (a crash is no verdict, never "breaking"), Optic's from its exit code (1: checks failed).
 */
function measure(command: string[], cwd: string, env: NodeJS.ProcessEnv, json: boolean): Run {
  const started = performance.now();
  const r = spawnSync('setsid', [TIME, '-f', '%M', ...command], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - started;
  if (r.signal && r.pid) {
    try {
      process.kill(-r.pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  }
  const kb = Number(/(\d+)\s*$/.exec(r.stderr)?.[1] ?? NaN);
  let verdict: Verdict | undefined;
  if (!r.signal && json && (r.status === 0 || r.status === 1)) {
    try {
      const out = JSON.parse(r.stdout) as { summary: { breaking: number } };
      verdict = out.summary.breaking ? 'breaking' : 'compatible';
    } catch {
      verdict = undefined;
    }
  } else if (!r.signal && !json)
    verdict = r.status === 1 ? 'breaking' : r.status === 0 ? 'compatible' : undefined;
  if (!verdict && process.env.BENCH_DEBUG) console.error(r.status, r.signal, r.stderr.slice(0, 800));
  return { ...(verdict ? { verdict } : {}), ms, mb: kb / 1024, ...(r.signal ? { timedOut: true } : {}) };
}

function repeat(command: string[], cwd: string, env: NodeJS.ProcessEnv, json = false): Run {
  const runs = Array.from({ length: RUNS }, () => measure(command, cwd, env, json));
  const median = <T>(xs: T[], by: (x: T) => number) =>
    [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;
  return { ...median(runs, (r) => r.ms), mb: Math.max(...runs.map((r) => r.mb)) };
}

const show = (r: Run | undefined) =>
  r
    ? `${(r.verdict ?? (r.timedOut ? 'timeout' : 'failed')).padEnd(10)} ${(r.timedOut ? '>' : ' ') + (r.ms / 1000).toFixed(1).padStart(6)} s ${r.timedOut ? '    ?' : r.mb.toFixed(0).padStart(5)} MB`
    : '';
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-diff-history-'));
const rows: { judged: Verdict; ours: Run; optic?: Run }[] = [];
console.log(
  `pair                                          judged     ours                           ${opticBin ? 'Optic 1.0.9' : ''}`,
);
const selected = loadPairs()
  .filter((p) => !values.api || p.api === values.api)
  .slice(0, values.pairs ? Number(values.pairs) : undefined);
const files = materialise(selected);
try {
  for (const pair of selected) {
    const [base, head] = [files.get(pair.base)!, files.get(pair.head)!];
    const ours = repeat(
      [process.execPath, ...OURS, 'diff', base, head, '--format', 'json'],
      // Outside the repository: its codegen.config.json (strict mode, its SDK rules) is not the user's.
      scratch,
      CHILD_ENV,
      true,
    );
    const optic = opticBin
      ? repeat(
          [process.execPath, opticBin, 'diff', base, head, '--check', '--validation', 'loose'],
          scratch,
          {
            ...CHILD_ENV,
            OPTIC_TELEMETRY_LEVEL: 'off',
          },
        )
      : undefined;
    rows.push({ judged: pair.verdict, ours, ...(optic ? { optic } : {}) });
    const versions = `${/@([^@:]+):/.exec(pair.base)?.[1]}→${/@([^@:]+):/.exec(pair.head)?.[1]}`;
    console.log(
      `${`${pair.api} ${versions}`.padEnd(45)} ${pair.verdict.padEnd(10)} ${show(ours)}   ${show(optic)}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const agree = (side: 'ours' | 'optic') => rows.filter((r) => r[side]?.verdict === r.judged).length;
const answered = (side: 'ours' | 'optic') => rows.filter((r) => r[side]?.verdict).length;
console.log(`\n${rows.length} pairs; ours: ${answered('ours')} verdicts, ${agree('ours')} as judged`);
if (opticBin) {
  console.log(`Optic: ${answered('optic')} verdicts, ${agree('optic')} as judged`);
  // A run stopped at the timeout took longer than the timeout, and its memory is unknown: counted as heavier only
  // when ours stayed under the memory Optic had reached on the other pairs.
  const opticFloor = Math.min(...rows.map((r) => r.optic?.mb ?? NaN).filter((m) => Number.isFinite(m)));
  const faster = rows.filter(
    (r) =>
      r.optic &&
      r.ours.ms < r.optic.ms &&
      (r.optic.timedOut ? r.ours.mb < opticFloor : r.ours.mb < r.optic.mb),
  ).length;
  console.log(
    `ours faster and lighter than Optic on ${faster} of ${rows.length} pairs (a timed-out Optic run counts at its timeout)`,
  );
}
