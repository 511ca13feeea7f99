/**
 * `generate [--spec FILE] [--out DIR] [--check] [--quiet]`. Exit codes: 0 ok; 1 the spec or generation
 * failed (a located message is printed); 2 usage error; 3 `--check` found stale or missing files.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { formatWarning, GeneratorError, type Mode, type Warning } from './diagnostics.ts';
import { findConfig } from './config/load.ts';
import { EMITTERS } from './emit/index.ts';
import { runPipeline, type StepTiming } from './pipeline.ts';
import { watchSpec } from './watch.ts';
import { DEFAULT_CACHE_DIR } from './render/format-cache.ts';
import { checkTree, writeTree } from './render/write.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, stale: 3 } as const;

export const DEFAULT_SPEC = 'spec/openapi.yaml';

const USAGE = `usage: npm run generate -- [--spec spec/openapi.yaml] [--out generated] [--config FILE] [--only a,b] [--watch] [--check] [--quiet] [--no-cache] [--strict|--tolerant] [--formatter oxfmt|prettier]
  --spec FILE   root OpenAPI 3.0/3.1 document (default spec/openapi.yaml)
  --strict      every finding is an error (the default for spec/openapi.yaml)
  --tolerant    findings are located warnings and generation goes on with a documented fallback
                (the default for any other --spec)
  --out DIR     output directory, replaced atomically (default generated)
  --config FILE codegen config (default codegen.config.json in the working directory, if any; else defaults)
  --only LIST   only these outputs, comma-separated: types, client, enums, state-machines, validators, server,
                docs (a package still embeds what it imports: client its types, server its validators)
  --watch       generate, then again whenever a file in the spec's folder or the config changes (Ctrl-C ends)
  --check       write nothing; exit 3 and name the files that differ from what the spec gives
  --quiet       no progress lines
  --no-cache    format every file anew (by default formatted output is cached by content in
                node_modules/.cache/platform-api-codegen/)
  --formatter   oxfmt (default: oxfmt aligned with prettier's style, prettier where they differ) or
                prettier (prettier for every file; slower, same bytes)
   or: npx platform-api-codegen generate [the same options]   (the packed toolchain)
exit codes: 0 ok, 1 spec or generation error, 2 usage error, 3 stale output (--check)`;

export interface MainOptions {
  /** Time spent before `main` (process start, module loading), printed first as progress lines. */
  startup?: StepTiming[];
  /** Ends `--watch`. */
  signal?: AbortSignal;
}

export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr, options: MainOptions = {}): Promise<number> {
  let values: {
    spec?: string;
    out?: string;
    check?: boolean;
    quiet?: boolean;
    help?: boolean;
    'no-cache'?: boolean;
    config?: string;
    only?: string;
    watch?: boolean;
    strict?: boolean;
    tolerant?: boolean;
    formatter?: string;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        spec: { type: 'string' },
        out: { type: 'string' },
        config: { type: 'string' },
        only: { type: 'string' },
        watch: { type: 'boolean' },
        check: { type: 'boolean' },
        quiet: { type: 'boolean' },
        'no-cache': { type: 'boolean' },
        strict: { type: 'boolean' },
        tolerant: { type: 'boolean' },
        formatter: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (values.help) {
    out.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const usage = (message: string) => {
    err.write(`error[usage]: ${message}\n${USAGE}\n`);
    return EXIT.usage;
  };
  const formatter = values.formatter ?? 'oxfmt';
  if (formatter !== 'oxfmt' && formatter !== 'prettier') return usage(`--formatter must be oxfmt or prettier, not ${formatter}`);
  if (values.strict && values.tolerant) return usage('--strict and --tolerant exclude each other');
  const names = EMITTERS.map((e) => e.name);
  const only = values.only?.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = only?.filter((n) => !names.includes(n)) ?? [];
  if (only && (unknown.length || !only.length)) {
    return usage(`--only ${unknown.length ? `names no output ${unknown.map((n) => `"${n}"`).join(', ')}` : 'is empty'}; the outputs are ${names.join(', ')}`);
  }
  if (values.watch && values.check) return usage('--watch and --check do not go together');
  const spec = values.spec ?? DEFAULT_SPEC;
  const mode: Mode = values.strict ? 'strict' : values.tolerant ? 'tolerant' : defaultMode(spec);
  const outDir = values.out ?? 'generated';
  const config = values.config ?? findConfig(process.cwd());
  const progress = (line: string) => values.quiet || err.write(`${line}\n`);
  const step = (t: StepTiming) => progress(`  ${t.step.padEnd(24)} ${t.ms.toFixed(0).padStart(6)} ms`);
  (options.startup ?? []).forEach(step);
  const once = async (): Promise<number> => {
    try {
      const result = await runPipeline({
        spec,
        mode,
        formatter,
        ...(config ? { config } : {}),
        ...(only ? { emitters: only } : {}),
        cache: values['no-cache'] ? false : DEFAULT_CACHE_DIR,
        onStep: step,
      });
      printWarnings(result.warnings, err);
      const start = performance.now();
      if (values.check) {
        const diff = checkTree(outDir, result.files);
        step({ step: 'compare', ms: performance.now() - start });
        const stale = [...diff.changed.map((f) => `changed  ${f}`), ...diff.added.map((f) => `missing  ${f}`), ...diff.removed.map((f) => `extra    ${f}`)];
        if (stale.length) {
          err.write(`error[stale-output]: ${outDir}/ does not match ${spec}; run \`npm run generate\`:\n${stale.map((s) => `  ${s}`).join('\n')}\n`);
          return EXIT.stale;
        }
        progress(`${outDir}/ is up to date (${result.files.length} files)`);
        return EXIT.ok;
      }
      writeTree(outDir, result.files);
      step({ step: 'write', ms: performance.now() - start });
      progress(`wrote ${result.files.length} files to ${outDir}/`);
      return EXIT.ok;
    } catch (error) {
      if (error instanceof GeneratorError) {
        err.write(`${error.format()}\n`);
        return EXIT.failed;
      }
      err.write(`error[internal]: ${(error as Error)?.message ?? String(error)}\n  (a bug in the generator: please report it with the spec that caused it)\n`);
      if (process.env.CODEGEN_DEBUG) err.write(`${(error as Error)?.stack}\n`);
      return EXIT.failed;
    }
  };
  const first = await once();
  if (!values.watch) return first;
  // Watch mode keeps going after a failed run: the next save may fix the spec.
  await watchSpec(spec, outDir, config, once, (line) => err.write(`${line}\n`), options.signal);
  return EXIT.ok;
}

/** Strict for the project's own spec; tolerant for anyone else's. */
export function defaultMode(spec: string): Mode {
  return path.resolve(spec) === path.resolve(DEFAULT_SPEC) ? 'strict' : 'tolerant';
}

/** One line per warning (always printed, even with --quiet), then the count by code. */
function printWarnings(warnings: Warning[], err: NodeJS.WritableStream): void {
  if (!warnings.length) return;
  for (const w of warnings) err.write(`${formatWarning(w)}\n`);
  const byCode = new Map<string, number>();
  for (const w of warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
  const summary = [...byCode].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, n]) => `${n} ${code}`).join(', ');
  err.write(`${warnings.length} warning${warnings.length === 1 ? '' : 's'} (${summary}); each names the fallback taken\n`);
}
