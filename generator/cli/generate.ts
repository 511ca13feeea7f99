/**
 * `generate`: the spec → every output, written into a folder the tool owns (or, with --watch, again on every
 * change); and `check` (`generate --check`): the same run compared with the folder, written nowhere. Options and
 * exit codes: GENERATE and CHECK in ./commands.ts.
 */
import path from 'node:path';
import { formatWarning, GeneratorError, type Warning } from '../diagnostics.ts';
import { findConfig } from '../config/load.ts';
import { EMITTERS } from '../emit/index.ts';
import { nearest } from '../naming/distance.ts';
import { runPipeline, type StepTiming } from '../pipeline.ts';
import { watchSpec } from './watch.ts';
import {
  DEFAULT_SPEC,
  EXIT as SHARED_EXIT,
  modeOf,
  parseCommand,
  usageError,
  type Command,
  type Stream,
  type Values,
} from './args.ts';
import { CHECK, GENERATE } from './commands.ts';
import { DEFAULT_CACHE_DIR } from '../render/format-cache.ts';
import { checkTree, OutputError, writeTree } from '../render/write.ts';

export const EXIT = { ...SHARED_EXIT, stale: 3 } as const;

export interface MainOptions {
  /** Time spent before `main` (process start, module loading), printed first as progress lines. */
  startup?: StepTiming[];
  /** Ends `--watch`. */
  signal?: AbortSignal;
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  options: MainOptions = {},
): Promise<number> {
  const args = parseCommand(GENERATE, argv, out, err);
  return typeof args === 'number' ? args : run(GENERATE, args.values, err, options);
}

/** `check`: `generate --check`, with the options that make sense for it. */
export async function check(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
): Promise<number> {
  const args = parseCommand(CHECK, argv, out, err);
  return typeof args === 'number' ? args : run(CHECK, { ...args.values, check: true }, err, {});
}

async function run(
  command: Command,
  values: Values<typeof GENERATE.options>,
  err: Stream,
  options: MainOptions,
): Promise<number> {
  const usage = (message: string) => usageError(command, err, message);
  const formatter = values.formatter === 'prettier' ? 'prettier' : 'oxfmt';
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
  const spec = values.spec ?? DEFAULT_SPEC;
  // By choice only: the flag, else the config's "mode", else tolerant (never by the spec's path).
  const mode = modeOf(values);
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
function printWarnings(warnings: Warning[], err: Stream): void {
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
