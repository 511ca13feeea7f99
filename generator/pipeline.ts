/**
 * load → parse → passes → emitters → format, as an explicit ordered list. Parse returns the parsed model; the passes
 * return tables from which the resolved model is assembled (passes/index.ts); emitters are pure functions of the
 * resolved model and the config. Returns files in memory; only the renderer writes them.
 */
import { Diagnostics, type Mode, type Warning } from './diagnostics.ts';
import type { GeneratedFile } from './emit/contract.ts';
import path from 'node:path';
import type { Api } from './ir/api.ts';
import { buildIr, passOptionsFor, type StepTiming } from './model.ts';
import { EMITTERS } from './emit/index.ts';
import { formatFiles, type FormatEngine } from './render/format.ts';
import { createFormatCache } from './render/format-cache.ts';
import { checkConfig, configFor, type ConfigSource } from './config/index.ts';
import type { CodegenConfig } from './config/types.ts';
import { emittersFor } from './emit/package-layout.ts';
import { originOf, stampOrigin, type Origin } from './render/origin.ts';

export { buildIr, loadApi, passOptionsFor, type StepTiming } from './model.ts';

export interface PipelineResult {
  api: Api;
  /** The codegen config the files were branded with. */
  config: CodegenConfig;
  files: GeneratedFile[];
  timings: StepTiming[];
  /** Located findings turned into fallbacks (tolerant mode), in the order found, then the config's. */
  warnings: Warning[];
  /** Absolute paths of the files the run read (spec sources, config): the writer never replaces them. */
  inputs: string[];
}

export interface PipelineOptions {
  spec: string;
  /**
   * Restrict the output to these emitters (by name); all when absent. An output's files may import other outputs
   * (`client` the types, `types` the enums), so the emitters a chosen output needs run and are returned too.
   */
  emitters?: string[];
  /** The codegen config: an object or the path of a JSON file; the defaults when absent. */
  config?: ConfigSource;
  onStep?: (timing: StepTiming) => void;
  /** Directory of the prettier output cache; `false` disables it. Default: no cache (pure, for tests). */
  cache?: string | false;
  /** `oxfmt` (default: oxfmt aligned with prettier, prettier where they differ) or `prettier` for every file. */
  formatter?: FormatEngine;
  /** `strict` (default): every finding is an error. `tolerant`: findings become warnings with a fallback. */
  mode?: Mode;
  /** Run prettier over the output (default true); false for checks that only type-check the files. */
  format?: boolean;
  /**
   * The input and the command every file's first line names (render/origin.ts). Default: the spec as given
   * (relative to the working directory) and `npm run generate` for this repository's spec, else
   * `npx platform-api-codegen generate --spec <spec>` (with `--config` when a config file other than the default is given).
   */
  origin?: Origin;
  /** Mode when neither `mode` nor the config's `mode` says (the CLI: tolerant). Default strict. */
  defaultMode?: Mode;
  /** The release record's folder when the config names none (the CLI: `release` beside the config). */
  release?: string;
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const timings: StepTiming[] = [];
  const record = (t: StepTiming) => {
    timings.push(t);
    options.onStep?.(t);
  };
  const read = configFor(options.config);
  const { locate } = read;
  const release = read.config.release ?? options.release;
  const config: CodegenConfig = release ? { ...read.config, release: path.resolve(release) } : read.config;
  const diagnostics = new Diagnostics(options.mode ?? config.mode ?? options.defaultMode ?? 'strict');
  const inputs: string[] = typeof options.config === 'string' ? [path.resolve(options.config)] : [];
  const api = await buildIr(options.spec, record, diagnostics, inputs, passOptionsFor(config));
  const warnings = [...diagnostics.warnings, ...checkConfig(config, api, locate)];
  // An output's files import other outputs where they are (emit/package-layout.ts): those are written with it.
  const run = emittersFor(options.emitters ?? EMITTERS.map((e) => e.name));
  const files: GeneratedFile[] = [];
  for (const emitter of EMITTERS) {
    if (!run.has(emitter.name)) continue;
    const start = performance.now();
    files.push(...emitter.emit(api, config));
    record({ step: `emit ${emitter.name}`, ms: performance.now() - start });
  }
  const start = performance.now();
  let formatted =
    options.format === false
      ? files
      : await formatFiles(
          files,
          options.cache ? createFormatCache(options.cache) : undefined,
          options.formatter,
        );
  record({ step: 'format', ms: performance.now() - start });
  // Stamped after formatting: the cache keys on the unstamped text.
  formatted = stampOrigin(formatted, options.origin ?? originOf(options.spec, options.config));
  formatted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { api, config, files: formatted, timings, warnings, inputs };
}
