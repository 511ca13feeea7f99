/**
 * GitHub's REST description (the pinned `@octokit/openapi`, 11 MB, ~1,100 operations) in `bench:generate`:
 * ours with every output beside openapi-typescript (types only), runs interleaved, each run a fresh process started
 * in an empty folder (no codegen config: the spec's defaults, tolerant mode) writing into an empty folder. Time
 * (median, min–max, IQR), CPU time (steadier on a shared machine), peak resident memory, our output by folder, and
 * one `tsc --strict` over our whole output beside one over openapi-typescript's (time, CPU time, peak memory).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, row, stats } from './stats.ts';
import { GITHUB_SPEC } from '../../test/helpers/public-specs.ts';

export { GITHUB_SPEC };

interface Sample {
  ms: number;
  /** CPU time of the process, every thread (user + system). */
  cpuMs: number;
  rssMb: number;
  stderr: string;
  stdout: string;
}

function timed(args: string[], cwd: string): Sample & { status: number | null } {
  const start = performance.now();
  // stdout and stderr are null when the program cannot start, whatever the return type says.
  const r: SpawnSyncReturns<string | null> = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(path.resolve('scripts/bench/peak-rss.mjs')).href, ...args],
    { cwd, encoding: 'utf8', maxBuffer: 256 << 20 },
  );
  const ms = performance.now() - start;
  const rss = /^peak-rss-kb (\d+)$/m.exec(r.stderr ?? '');
  const cpu = /^cpu-ms (\d+)$/m.exec(r.stderr ?? '');
  return {
    ms,
    cpuMs: cpu ? Number(cpu[1]) : NaN,
    rssMb: rss ? Number(rss[1]) / 1024 : NaN,
    stderr: r.stderr ?? '',
    stdout: r.stdout ?? '',
    status: r.status,
  };
}

function bytes(dir: string): number {
  let total = 0;
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const s = statSync(path.join(dir, f));
    if (s.isFile()) total += s.size;
  }
  return total;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const spread = (xs: number[], unit = fmt) => {
  const s = stats(xs);
  return `${unit(s.median)} (${unit(s.min)}–${unit(s.max)}, IQR ${unit(s.iqr)}, n=${s.runs})`;
};
const rssCell = (xs: number[]) => spread(xs, (x) => `${x.toFixed(0)} MB`);

/** One `tsc --strict --noEmit` over a folder, with the repository's compiler options: time, errors, peak memory. */
function typecheck(dir: string): { ms: number; cpuMs: number; errors: number; rssMb: number } {
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.relative(dir, path.resolve('tsconfig.json')), include: ['./**/*.ts'] }),
  );
  const r = timed(
    [
      '--max-old-space-size=6144',
      path.resolve('node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.json',
      '--noEmit',
    ],
    dir,
  );
  const errors = (`${r.stdout}${r.stderr}`.match(/error TS\d+/g) ?? []).length;
  return { ms: r.ms, cpuMs: r.cpuMs, errors: r.status !== 0 && errors === 0 ? 1 : errors, rssMb: r.rssMb };
}

export function benchGithub(runs: number, tmp: string): string[] {
  const lines: string[] = [];
  if (!existsSync(GITHUB_SPEC)) return [`GitHub's spec: not measured (${GITHUB_SPEC} is missing)`];
  const dir = path.join(tmp, 'github');
  const cwd = path.join(dir, 'cwd');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  const redocly = path.join(dir, 'redocly.yaml');
  writeFileSync(
    redocly,
    'extends:\n  - minimal\nrules:\n  operation-summary: off\n  struct: off\n  no-unresolved-refs: off\n  no-server-trailing-slash: off\n',
  );
  const ourOut = path.join(dir, 'ours');
  const peerOut = path.join(dir, 'openapi-typescript');
  const tools: Array<{ name: string; out: string; args: () => string[] }> = [
    {
      name: 'ours (every output)',
      out: ourOut,
      args: () => [
        path.resolve('scripts/generate.mjs'),
        '--spec',
        GITHUB_SPEC,
        '--out',
        ourOut,
        '--tolerant',
        '--no-cache',
      ],
    },
    {
      name: 'openapi-typescript (types only)',
      out: peerOut,
      args: () => [
        path.resolve('node_modules/openapi-typescript/bin/cli.js'),
        GITHUB_SPEC,
        '-o',
        path.join(peerOut, 'schema.d.ts'),
        '--redocly',
        redocly,
      ],
    },
  ];
  const samples = tools.map(() => [] as Sample[]);
  const failures: string[] = [];
  const steps = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    tools.forEach((tool, t) => {
      console.error(`bench:generate: GitHub, ${tool.name} ${i + 1}/${runs} …`);
      rmSync(tool.out, { recursive: true, force: true });
      const r = timed(tool.args(), cwd);
      if (r.status !== 0) {
        failures.push(
          `${tool.name}: ${
            r.stderr
              .split('\n')
              .find((l) => /error/i.test(l))
              ?.trim() ?? `exit ${r.status}`
          }`,
        );
        return;
      }
      samples[t]!.push(r);
      if (t === 0)
        for (const [, step, ms] of r.stderr.matchAll(/^ {2}(\S.*?)\s+(\d+) ms$/gm))
          steps.set(step!, [...(steps.get(step!) ?? []), Number(ms)]);
    });
  }
  const [ours, peer] = samples as [Sample[], Sample[]];
  const median = (s: Sample[]) => stats(s.map((x) => x.ms)).median;
  lines.push(
    `## GitHub's REST description (${runs} runs per tool, interleaved; each a fresh process in an empty folder, writing into an empty folder)`,
    '',
  );
  lines.push(
    '| tool | target | time: median (min–max, IQR, n) | CPU time (user + system, every thread): median (min–max, IQR, n) | peak RSS: median (min–max, n) | output |',
    '|---|---|---|---|---|---|',
  );
  const size = (out: string) => (existsSync(out) ? mb(bytes(out)) : '');
  if (ours.length)
    lines.push(
      `| ours (every output, tolerant, no cache) | ≤ 1.5× openapi-typescript, < 1 GB, ≤ 25 MB | ${spread(ours.map((s) => s.ms))} | ${spread(ours.map((s) => s.cpuMs))} | ${rssCell(ours.map((s) => s.rssMb))} | ${size(ourOut)} |`,
    );
  if (peer.length)
    lines.push(
      `| openapi-typescript (types only) | | ${spread(peer.map((s) => s.ms))} | ${spread(peer.map((s) => s.cpuMs))} | ${rssCell(peer.map((s) => s.rssMb))} | ${size(peerOut)} |`,
    );
  const cpu = (s: Sample[]) => stats(s.map((x) => x.cpuMs)).median;
  if (ours.length && peer.length)
    lines.push(
      '',
      `Ours / openapi-typescript (medians): ${(median(ours) / median(peer)).toFixed(2)}× in time, ${(cpu(ours) / cpu(peer)).toFixed(2)}× in CPU time.`,
    );
  for (const f of failures) lines.push('', `Failed: ${f.slice(0, 300)}`);
  if (existsSync(ourOut)) {
    const folders = readdirSync(ourOut)
      .filter((d) => statSync(path.join(ourOut, d)).isDirectory())
      .sort();
    lines.push(
      '',
      `Our output by folder: ${folders.map((d) => `${d} ${mb(bytes(path.join(ourOut, d)))}`).join(', ')}.`,
    );
    console.error('bench:generate: GitHub, type-checking both outputs …');
    const tscOurs = typecheck(ourOut);
    const tscPeer = existsSync(peerOut) ? typecheck(peerOut) : undefined;
    lines.push(
      '',
      "| type-check (one `tsc --strict --noEmit`, the repository's options) | target | time | CPU time | errors | peak RSS |",
      '|---|---|---|---|---|---|',
    );
    lines.push(
      `| our whole output | < 60 s | ${fmt(tscOurs.ms)} | ${fmt(tscOurs.cpuMs)} | ${tscOurs.errors} | ${tscOurs.rssMb.toFixed(0)} MB |`,
    );
    if (tscPeer)
      lines.push(
        `| openapi-typescript's schema.d.ts | | ${fmt(tscPeer.ms)} | ${fmt(tscPeer.cpuMs)} | ${tscPeer.errors} | ${tscPeer.rssMb.toFixed(0)} MB |`,
      );
  }
  if (steps.size) {
    lines.push(
      '',
      '### Split by step: GitHub, ours (progress lines of the runs above)',
      '',
      '| step | median | min–max | IQR | runs |',
      '|---|---|---|---|---|',
    );
    for (const [step, ms] of steps) lines.push(row(step, stats(ms)));
  }
  return lines;
}
