/**
 * Runs three other tools on spec/openapi.yaml as their users would, and keeps what they report:
 *   - `redocly bundle` then Spectral (`spectral:oas` plus spec/lint/spectral.yaml) on that bundle, which, unlike
 *     our own bundle, leaves references inside `x-` extensions as written;
 *   - `redocly lint` on the multi-file root (redocly.yaml);
 *   - `openapi-typescript` on the multi-file root.
 * The three run concurrently. Their results are cached by the content of every input (spec/'s YAML and ruleset
 * functions, redocly.yaml, package-lock.json for the tools' versions) in
 * node_modules/.cache/platform-api-codegen/other-tools/, so a run with nothing changed reads them back instead of
 * spending 13-23 s; CODEGEN_NO_CACHE=1 runs the tools anyway.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const SPEC = path.join(ROOT, 'spec', 'openapi.yaml');
// Under .tmp/ and named *.bundled.yaml so that the ruleset's overrides (spec/lint/spectral.yaml) apply to it.
const REDOCLY_BUNDLE = path.join(ROOT, '.tmp', 'openapi.redocly.bundled.yaml');
const TYPES = path.join(ROOT, '.tmp', 'openapi.openapi-typescript.d.ts');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'platform-api-codegen', 'other-tools');

export interface ToolRun {
  /** The command as a user would type it. */
  command: string;
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface OtherToolsReport {
  spectral: { bundle: ToolRun; lint: ToolRun };
  redocly: ToolRun;
  openapiTypescript: ToolRun & { output: string };
  cached: boolean;
}

const ENV = {
  ...process.env,
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};

function run(bin: string, args: string[]): Promise<ToolRun> {
  const command = ['npx', bin, ...args.map((a) => (path.isAbsolute(a) ? path.relative(ROOT, a) : a))].join(
    ' ',
  );
  return new Promise((resolve) => {
    execFile(
      path.join(BIN, bin),
      args,
      { cwd: ROOT, env: ENV, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({
          command,
          status,
          stdout,
          stderr: stderr || (error && status === null ? error.message : ''),
        });
      },
    );
  });
}

/** Every file the three tools read that can change in this repository. */
function inputsKey(): string {
  const hash = createHash('sha256');
  const files = [path.join(ROOT, 'redocly.yaml'), path.join(ROOT, 'package-lock.json')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ya?ml|json|js)$/.test(entry.name)) files.push(p); // not EXTENSIONS.md: no tool reads it
    }
  };
  walk(path.join(ROOT, 'spec'));
  for (const f of files)
    hash.update(path.relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

export async function runOtherTools(): Promise<OtherToolsReport> {
  const key = inputsKey();
  const cacheFile = path.join(CACHE_DIR, `${key}.json`);
  if (process.env.CODEGEN_NO_CACHE !== '1' && existsSync(cacheFile)) {
    return { ...(JSON.parse(readFileSync(cacheFile, 'utf8')) as OtherToolsReport), cached: true };
  }
  mkdirSync(path.dirname(REDOCLY_BUNDLE), { recursive: true });
  const spectral = (async () => {
    const bundle = await run('redocly', ['bundle', SPEC, '-o', REDOCLY_BUNDLE]);
    const lint =
      bundle.status === 0
        ? await run('spectral', [
            'lint',
            '--ruleset',
            path.join(ROOT, 'spec', 'lint', 'spectral.yaml'),
            '--format',
            'json',
            '--quiet',
            REDOCLY_BUNDLE,
          ])
        : { command: 'spectral (not run: the bundle failed)', status: null, stdout: '', stderr: '' };
    return { bundle, lint };
  })();
  const redocly = run('redocly', [
    'lint',
    SPEC,
    '--config',
    path.join(ROOT, 'redocly.yaml'),
    '--format',
    'json',
  ]);
  const openapiTypescript = run('openapi-typescript', [SPEC, '-o', TYPES]).then((r) => ({
    ...r,
    output: r.status === 0 && existsSync(TYPES) ? readFileSync(TYPES, 'utf8') : '',
  }));
  const report: OtherToolsReport = {
    spectral: await spectral,
    redocly: await redocly,
    openapiTypescript: await openapiTypescript,
    cached: false,
  };
  // A tool that could not start or was killed says nothing about the inputs: not cached.
  const statuses = [
    report.spectral.bundle.status,
    report.spectral.lint.status,
    report.redocly.status,
    report.openapiTypescript.status,
  ];
  if (statuses.every((s) => s !== null)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify(report));
  }
  return report;
}

/** JSON printed after any banner lines a tool writes first. */
export function jsonAfter<T>(text: string, open: '[' | '{'): T | undefined {
  const start = text.indexOf(open);
  if (start < 0) return undefined;
  try {
    return JSON.parse(text.slice(start)) as T;
  } catch {
    return undefined;
  }
}
