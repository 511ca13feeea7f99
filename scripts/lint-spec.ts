/**
 * The spec lint as CI runs it (`npm run lint:spec`).
 *
 *   1. load the root spec with the generator's own loader (generator/load: located YAML and $ref checks,
 *      swagger-parser bundle and validation) and write the bundle to .tmp/<name>.bundled.yaml;
 *   2. Spectral with spec/lint/spectral.yaml on the BUNDLED document (Spectral 6 skips OpenAPI 3.1 path items
 *      that are a `$ref` to another file, stoplightio/spectral#2655), each finding mapped back to its source
 *      file and line;
 *   3. Redocly CLI (`recommended`, redocly.yaml) on the multi-file root spec.
 *
 * Exit code 1 when bundling fails or either linter reports an error; 2 when a linter cannot run at all.
 *
 *   tsx scripts/lint-spec.ts [--spec <root.yaml>] [--json] [--verbose]
 *     --spec     lint another root file (default spec/openapi.yaml)
 *     --json     print one JSON report instead of text (used by test/spec/lint.test.ts)
 *     --verbose  also list warnings one by one (text output lists every error, and warnings up to 20 per linter)
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { GeneratorError } from '../generator/diagnostics.ts';
import { loadSpec } from '../generator/load/index.ts';
import YAML from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const RULESET = path.join(ROOT, 'spec', 'lint', 'spectral.yaml');
const REDOCLY_CONFIG = path.join(ROOT, 'redocly.yaml');
const DEFAULT_SPEC = path.join(ROOT, 'spec', 'openapi.yaml');
const WARNINGS_SHOWN = 20;

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Finding {
  linter: 'spectral' | 'redocly';
  rule: string;
  severity: Severity;
  message: string;
  /** Source file (relative to the project root) and 1-based line/column, when known. */
  file?: string;
  line?: number;
  col?: number;
  /** JSON pointer: in the bundled document for Spectral, in `file` for Redocly. */
  pointer?: string;
}

export interface LinterReport {
  ran: boolean;
  errors: number;
  warnings: number;
  findings: Finding[];
  /** Why the linter could not run or its output could not be read. */
  failure?: string;
}

export interface LintReport {
  spec: string;
  bundle: { ok: boolean; file?: string; error?: string };
  spectral: LinterReport;
  redocly: LinterReport;
  ok: boolean;
}

interface Args {
  spec: string;
  json: boolean;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { spec: DEFAULT_SPEC, json: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--spec') {
      const v = argv[++i];
      if (!v) fail('--spec needs a path');
      args.spec = path.resolve(v);
    } else if (a?.startsWith('--spec=')) args.spec = path.resolve(a.slice('--spec='.length));
    else if (a === '--json') args.json = true;
    else if (a === '--verbose') args.verbose = true;
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: tsx scripts/lint-spec.ts [--spec <root.yaml>] [--json] [--verbose]\n');
      process.exit(0);
    } else fail(`unknown argument ${a}`);
  }
  return args;
}

function fail(message: string): never {
  process.stderr.write(`lint-spec: ${message}\n`);
  process.exit(2);
}

const rel = (p: string) => path.relative(ROOT, p) || '.';

// ---- bundling -------------------------------------------------------------------------------------------

function bundledPath(spec: string): string {
  if (path.resolve(spec) === DEFAULT_SPEC) return path.join(ROOT, '.tmp', 'openapi.bundled.yaml');
  const name = rel(spec)
    .replace(/\.(ya?ml|json)$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  return path.join(ROOT, '.tmp', `${name}.bundled.yaml`);
}

type Locate = (segs: (string | number)[]) => { file: string; line: number; col: number } | undefined;

/** Bundles and validates with the generator's own loader, which also maps bundle pointers to file:line:col. */
async function bundle(
  spec: string,
): Promise<{ ok: true; file: string; locate: Locate } | { ok: false; error: string }> {
  if (!existsSync(spec)) return { ok: false, error: `no such file: ${rel(spec)}` };
  try {
    const loaded = await loadSpec(spec);
    const out = bundledPath(spec);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, YAML.stringify(loaded.document, { aliasDuplicateObjects: false, lineWidth: 0 }));
    const locate: Locate = (segs) => {
      const at = loaded.locate(toPointer(segs));
      return at.file ? { file: path.resolve(at.file), line: at.line ?? 1, col: at.column ?? 1 } : undefined;
    };
    return { ok: true, file: out, locate };
  } catch (e) {
    if (e instanceof GeneratorError) return { ok: false, error: e.format() };
    const msg = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: msg
        .split('\n')
        .filter((l) => !/^\s+at /.test(l))
        .join('\n')
        .trim(),
    };
  }
}

const toPointer = (segs: (string | number)[]) =>
  '#' + segs.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');

// ---- running the linters ------------------------------------------------------------------------------------

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Run {
  // stdout and stderr are null when the program cannot start, whatever the return type says.
  const r: SpawnSyncReturns<string | null> = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return {
    status: r.status,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    ...(r.error ? { error: r.error } : {}),
  };
}

/** Redocly's Node 20 end-of-life box and its progress lines, dropped from what we show. */
function cleanStderr(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^\s*[╔║╚]/.test(l))
    .filter(
      (l) =>
        !/^(validating |.*: validated in |❌ Validation failed|run `redocly lint --generate-ignore-file`|Woohoo!|You have \d+ warnings?)/.test(
          l.trim(),
        ),
    )
    .join('\n')
    .trim();
}

const SPECTRAL_SEVERITY: Severity[] = ['error', 'warning', 'info', 'hint'];

interface SpectralResult {
  code: string | number;
  message: string;
  path: (string | number)[];
  severity: number;
  range?: { start: { line: number; character: number } };
  source?: string;
}

function runSpectral(bundled: string, locate: Locate): LinterReport {
  const r = run(path.join(BIN, 'spectral'), [
    'lint',
    '--ruleset',
    RULESET,
    '--format',
    'json',
    '--quiet',
    bundled,
  ]);
  if (r.error) return { ran: false, errors: 0, warnings: 0, findings: [], failure: r.error.message };
  let results: SpectralResult[];
  try {
    const start = r.stdout.indexOf('[');
    results = JSON.parse(start >= 0 ? r.stdout.slice(start) : r.stdout) as SpectralResult[];
  } catch {
    const why =
      [r.stderr, r.stdout]
        .map((s) => s.trim())
        .filter(Boolean)
        .join('\n') || `exit code ${r.status}`;
    return { ran: false, errors: 0, warnings: 0, findings: [], failure: why };
  }
  const findings = results.map((x): Finding => {
    const loc = locate(x.path);
    return {
      linter: 'spectral',
      rule: String(x.code),
      severity: SPECTRAL_SEVERITY[x.severity] ?? 'hint',
      message: x.message,
      ...(loc
        ? { file: rel(loc.file), line: loc.line, col: loc.col }
        : x.range
          ? { file: rel(bundled), line: x.range.start.line + 1, col: x.range.start.character + 1 }
          : {}),
      pointer: toPointer(x.path),
    };
  });
  return summarize(findings);
}

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { source?: { ref?: string }; pointer?: string; start?: { line: number; col: number } }[];
}

function runRedocly(spec: string): LinterReport {
  const r = run(path.join(BIN, 'redocly'), ['lint', spec, '--config', REDOCLY_CONFIG, '--format', 'json'], {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  });
  if (r.error) return { ran: false, errors: 0, warnings: 0, findings: [], failure: r.error.message };
  let parsed: { problems: RedoclyProblem[] };
  try {
    const start = r.stdout.indexOf('{');
    parsed = JSON.parse(r.stdout.slice(start)) as { problems: RedoclyProblem[] };
  } catch {
    const why =
      [cleanStderr(r.stderr), r.stdout.trim()].filter(Boolean).join('\n') || `exit code ${r.status}`;
    return { ran: false, errors: 0, warnings: 0, findings: [], failure: why };
  }
  const findings = parsed.problems.map((p): Finding => {
    const loc = p.location?.[0];
    const file = loc?.source?.ref;
    return {
      linter: 'redocly',
      rule: p.ruleId,
      severity: p.severity === 'error' ? 'error' : 'warning',
      message: p.message,
      ...(file ? { file: rel(path.resolve(ROOT, file)) } : {}),
      ...(loc?.start ? { line: loc.start.line, col: loc.start.col } : {}),
      ...(loc?.pointer ? { pointer: loc.pointer } : {}),
    };
  });
  return summarize(findings);
}

function summarize(findings: Finding[]): LinterReport {
  return {
    ran: true,
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    findings,
  };
}

// ---- output -------------------------------------------------------------------------------------------------

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function printLinter(name: string, rep: LinterReport, verbose: boolean): string[] {
  if (!rep.ran) return [`${name}: could not run`, ...indent(rep.failure ?? '')];
  const lines = [`${name}: ${plural(rep.errors, 'error')}, ${plural(rep.warnings, 'warning')}`];
  const order: Severity[] = ['error', 'warning', 'info', 'hint'];
  const sorted = [...rep.findings].sort(
    (a, b) =>
      order.indexOf(a.severity) - order.indexOf(b.severity) ||
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0),
  );
  let warningsShown = 0;
  for (const f of sorted) {
    if (f.severity === 'info' || f.severity === 'hint') continue;
    if (f.severity === 'warning' && !verbose && warningsShown++ >= WARNINGS_SHOWN) continue;
    const where = f.file ? `${f.file}${f.line ? `:${f.line}:${f.col ?? 1}` : ''}` : (f.pointer ?? '');
    lines.push(`  ${f.severity === 'error' ? 'error' : 'warn '}  ${f.rule}  ${where}`);
    // Spectral's own rules do not name the node; add the pointer of the bundled document.
    const ptr = f.linter === 'spectral' && f.pointer && !f.message.includes('#/') ? ` (${f.pointer})` : '';
    lines.push(...indent(f.message + ptr, 11));
  }
  if (!verbose && rep.warnings > WARNINGS_SHOWN)
    lines.push(`  ... ${rep.warnings - WARNINGS_SHOWN} more warnings (--verbose lists them)`);
  return lines;
}

const indent = (text: string, n = 2) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => ' '.repeat(n) + l);

export async function lint(spec: string): Promise<LintReport> {
  const b = await bundle(spec);
  const notRun = (why: string): LinterReport => ({
    ran: false,
    errors: 0,
    warnings: 0,
    findings: [],
    failure: why,
  });
  const spectral = b.ok ? runSpectral(b.file, b.locate) : notRun('bundling failed');
  const redocly = b.ok ? runRedocly(spec) : notRun('bundling failed');
  return {
    spec: rel(spec),
    bundle: b.ok ? { ok: true, file: rel(b.file) } : { ok: false, error: b.error },
    spectral,
    redocly,
    ok: b.ok && spectral.ran && redocly.ran && spectral.errors === 0 && redocly.errors === 0,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const report = await lint(args.spec);
  if (args.json) {
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  } else {
    const lines = [`lint:spec ${report.spec}`];
    if (!report.bundle.ok) {
      lines.push('bundle: failed', ...indent(report.bundle.error ?? ''));
    } else {
      lines.push(`bundle: ${report.bundle.file}`);
      lines.push(...printLinter('spectral', report.spectral, args.verbose));
      lines.push(...printLinter('redocly', report.redocly, args.verbose));
    }
    lines.push(report.ok ? 'ok' : 'FAILED');
    process.stdout.write(lines.join('\n') + '\n');
  }
  const couldNotRun = report.bundle.ok && (!report.spectral.ran || !report.redocly.ran);
  process.exitCode = report.ok ? 0 : couldNotRun ? 2 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
