/**
 * load → parse → passes → emitters → format, as an explicit ordered list. Returns files in memory; only the
 * renderer writes them.
 */
import { Diagnostics, type GeneratedFile, type Mode, type Warning } from './diagnostics.ts';
import type { Api } from './ir/types.ts';
import { loadSpec } from './load/index.ts';
import { parseDocument } from './parse/document.ts';
import { PASSES } from './passes/index.ts';
import { EMITTERS } from './emit/index.ts';
import { formatFiles, type FormatEngine } from './render/format.ts';
import { createFormatCache } from './render/format-cache.ts';

export interface StepTiming {
  step: string;
  ms: number;
}

export interface PipelineResult {
  api: Api;
  files: GeneratedFile[];
  timings: StepTiming[];
  /** Located findings turned into fallbacks (tolerant mode), in the order found. */
  warnings: Warning[];
}

export interface PipelineOptions {
  spec: string;
  /** Restrict to these emitters (by name); all when absent. */
  emitters?: string[];
  onStep?: (timing: StepTiming) => void;
  /** Directory of the prettier output cache; `false` disables it. Default: no cache (pure, for tests). */
  cache?: string | false;
  /** `oxfmt` (default: oxfmt aligned with prettier, prettier where they differ) or `prettier` for every file. */
  formatter?: FormatEngine;
  /** `strict` (default): every finding is an error. `tolerant`: findings become warnings with a fallback. */
  mode?: Mode;
  /** Run prettier over the output (default true); false for checks that only type-check the files. */
  format?: boolean;
}

export async function buildIr(spec: string, onStep?: (t: StepTiming) => void, diagnostics: Diagnostics = new Diagnostics('strict')): Promise<Api> {
  const timed = async <T>(step: string, fn: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await fn();
    onStep?.({ step, ms: performance.now() - start });
    return result;
  };
  const loaded = await timed('load', () => loadSpec(spec, diagnostics));
  const api = await timed('parse', () => parseDocument(loaded, diagnostics));
  await timed('passes', () => {
    for (const pass of PASSES) pass.run(api, loaded.locate, diagnostics);
  });
  return api;
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const timings: StepTiming[] = [];
  const record = (t: StepTiming) => {
    timings.push(t);
    options.onStep?.(t);
  };
  const diagnostics = new Diagnostics(options.mode ?? 'strict');
  const api = await buildIr(options.spec, record, diagnostics);
  const files: GeneratedFile[] = [];
  for (const emitter of EMITTERS) {
    if (options.emitters && !options.emitters.includes(emitter.name)) continue;
    const start = performance.now();
    files.push(...emitter.emit(api));
    record({ step: `emit ${emitter.name}`, ms: performance.now() - start });
  }
  const start = performance.now();
  const formatted = options.format === false ? files : await formatFiles(files, options.cache ? createFormatCache(options.cache) : undefined, options.formatter);
  record({ step: 'format', ms: performance.now() - start });
  formatted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { api, files: formatted, timings, warnings: diagnostics.warnings };
}
