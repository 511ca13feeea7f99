/**
 * `generate [--spec FILE] [--out DIR] [--check] [--quiet] [--force] …` (and `check`, which is `generate --check`).
 * Exit codes: 0 ok; 1 the spec or generation failed (a located message is printed); 2 usage error, or an output
 * folder the tool may not write (not its own, or holding an input); 3 `--check` found stale or missing files.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { formatWarning, GeneratorError, type Mode, type Warning } from './diagnostics.ts';
import { findConfig } from './config/load.ts';
import { EMITTERS } from './emit/index.ts';
import { nearest } from './naming/distance.ts';
import { runPipeline, type StepTiming } from './pipeline.ts';
import { watchSpec } from './watch.ts';
import { DEFAULT_CACHE_DIR } from './render/format-cache.ts';
import { checkTree, MANIFEST, OutputError, writeTree } from './render/write.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, stale: 3 } as const;

export const DEFAULT_SPEC = 'openapi.yaml';

export const USAGE = `usage: platform-api-codegen generate [--spec openapi.yaml] [--out generated] [--config FILE] [--only a,b] [--force] [--watch] [--check] [--quiet] [--no-cache] [--strict|--tolerant] [--formatter oxfmt|prettier]
  --spec FILE   root OpenAPI 3.0/3.1 document (default openapi.yaml)
  --out DIR     output folder (default generated). The tool owns it through ${MANIFEST}, the list of the
                files it wrote: it replaces or removes only those, refuses a non-empty folder without that
                manifest (exit 2, nothing written), and never writes over its input (the spec, the config)
  --force       take over a non-empty folder that has no manifest (its files are kept)
  --config FILE codegen config (default codegen.config.json in the working directory, if any; else defaults)
  --strict      every finding is an error, all reported at once (the config's "mode": "strict" says the same)
  --tolerant    findings are located warnings and generation goes on with a documented fallback (the default
                when neither a flag nor the config's "mode" says otherwise)
  --only LIST   only these outputs, comma-separated: types, client, protocol, enums, state-machines, validators,
                server, docs, emulator (an output comes with the outputs it imports: types with enums, validators
                with types, client with types, enums and protocol, server with validators, types, enums,
                state-machines and protocol, emulator with the server it runs on)
  --watch       generate, then again whenever a file in the spec's folder or the config changes (Ctrl-C ends)
  --check       write nothing; exit 3 and name the files that differ from what the spec gives
  --quiet       no timing lines (warnings, errors and, with --watch, one line per regeneration remain)
  --no-cache    format every file anew (by default formatted output is cached by content in
                node_modules/.cache/platform-api-codegen/)
  --formatter   oxfmt (default: oxfmt aligned with prettier's style, prettier where they differ) or
                prettier (prettier for every file; slower, same bytes)
exit codes: 0 ok, 1 spec or generation error, 2 usage error or an output folder not the tool's, 3 stale output (--check)`;

export interface MainOptions {
  /** Time spent before `main` (process start, module loading), printed first as progress lines. */
  startup?: StepTiming[];
  /** Ends `--watch`. */
  signal?: AbortSignal;
}

export async function main(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  options: MainOptions = {},
): Promise<number> {
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
    force?: boolean;
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
        force: { type: 'boolean' },
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
  if (formatter !== 'oxfmt' && formatter !== 'prettier')
    return usage(`--formatter must be oxfmt or prettier, not ${formatter}`);
  if (values.strict && values.tolerant) return usage('--strict and --tolerant exclude each other');
  const names = EMITTERS.map((e) => e.name);
  const only = values.only
    ?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = only?.filter((n) => !names.includes(n)) ?? [];
  if (only && (unknown.length || !only.length)) {
    const named = unknown.map((n) => {
      const near = nearest(n, names);
      return `"${n}"${near ? ` (did you mean "${near}"?)` : ''}`;
    });
    return usage(
      `--only ${unknown.length ? `names no output ${named.join(', ')}` : 'is empty'}; the outputs are ${names.join(', ')}`,
    );
  }
  if (values.watch && values.check) return usage('--watch and --check do not go together');
  const spec = values.spec ?? DEFAULT_SPEC;
  // By choice only: the flag, else the config's "mode", else tolerant (never by the spec's path).
  const mode: Mode | undefined = values.strict ? 'strict' : values.tolerant ? 'tolerant' : undefined;
  const outDir = values.out ?? 'generated';
  const config = values.config ?? findConfig(process.cwd());
  // The release record's default place: `release/` beside the config (or in the working directory).
  const release = path.join(config ? path.dirname(path.resolve(config)) : process.cwd(), 'release');
  const progress = (line: string) => values.quiet || err.write(`${line}\n`);
  const step = (t: StepTiming) => progress(`  ${t.step.padEnd(24)} ${t.ms.toFixed(0).padStart(6)} ms`);
  (options.startup ?? []).forEach(step);
  // The files the last successful run read, for --watch (the spec and the config even before one succeeds).
  const inputs = new Set<string>([path.resolve(spec), ...(config ? [path.resolve(config)] : [])]);
  const once = async (): Promise<number> => {
    try {
      const result = await runPipeline({
        spec,
        ...(mode ? { mode } : {}),
        defaultMode: 'tolerant',
        release,
        formatter,
        ...(config ? { config } : {}),
        ...(only ? { emitters: only } : {}),
        cache: values['no-cache'] ? false : DEFAULT_CACHE_DIR,
        onStep: step,
      });
      printWarnings(result.warnings, err);
      for (const f of result.inputs) inputs.add(f);
      const start = performance.now();
      if (values.check) {
        const diff = checkTree(outDir, result.files);
        step({ step: 'compare', ms: performance.now() - start });
        const stale = [
          ...diff.changed.map((f) => `changed  ${f}`),
          ...diff.added.map((f) => `missing  ${f}`),
          ...diff.removed.map((f) => `extra    ${f}`),
        ];
        if (stale.length) {
          err.write(
            `error[stale-output]: ${outDir}/ does not match ${spec}; run generate again:\n${stale.map((s) => `  ${s}`).join('\n')}\n`,
          );
          return EXIT.stale;
        }
        progress(`${outDir}/ is up to date (${result.files.length} files)`);
        return EXIT.ok;
      }
      writeTree(outDir, result.files, { force: values.force === true, inputs: result.inputs });
      step({ step: 'write', ms: performance.now() - start });
      progress(`wrote ${result.files.length} files to ${outDir}/`);
      return EXIT.ok;
    } catch (error) {
      if (error instanceof OutputError) {
        err.write(`error[output]: ${error.message}\n`);
        return EXIT.usage;
      }
      if (error instanceof GeneratorError) {
        for (const w of error.warnings) err.write(`${formatWarning(w)}\n`);
        err.write(`${error.format()}\n`);
        return EXIT.failed;
      }
      const bug = error instanceof Error ? error : undefined;
      err.write(
        `error[internal]: ${bug?.message ?? String(error)}\n  (a bug in the generator: please report it with the spec that caused it)\n`,
      );
      if (process.env.CODEGEN_DEBUG) err.write(`${bug?.stack}\n`);
      return EXIT.failed;
    }
  };
  const first = await once();
  if (!values.watch) return first;
  // Watch mode keeps going after a failed run: the next save may fix the spec. Every regeneration ends with one
  // line, --quiet or not, so a watcher always sees that the run it started finished.
  const again = async () => {
    const started = performance.now();
    const code = await once();
    err.write(
      `${code === EXIT.ok ? `regenerated ${outDir}/` : `regeneration failed (exit ${code})`} in ${(performance.now() - started).toFixed(0)} ms; watching\n`,
    );
    return code;
  };
  await watchSpec({ files: () => [...inputs] }, again, (line) => err.write(`${line}\n`), options.signal);
  return EXIT.ok;
}

/** One line per warning (always printed, even with --quiet), then the count by code. */
function printWarnings(warnings: Warning[], err: NodeJS.WritableStream): void {
  if (!warnings.length) return;
  for (const w of warnings) err.write(`${formatWarning(w)}\n`);
  const byCode = new Map<string, number>();
  for (const w of warnings) byCode.set(w.code, (byCode.get(w.code) ?? 0) + 1);
  const summary = [...byCode]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, n]) => `${n} ${code}`)
    .join(', ');
  err.write(
    `${warnings.length} warning${warnings.length === 1 ? '' : 's'} (${summary}); each names the fallback taken\n`,
  );
}
