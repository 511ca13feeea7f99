/**
 * load → parse → passes → emitters → format, as an explicit ordered list. Returns files in memory; only the
 * renderer writes them.
 */
import type { Api } from './ir/types.ts';
import { loadSpec } from './load/index.ts';
import { parseDocument } from './parse/document.ts';
import { PASSES } from './passes/index.ts';
import { EMITTERS, type GeneratedFile } from './emit/index.ts';
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
}

export async function buildIr(spec: string, onStep?: (t: StepTiming) => void): Promise<Api> {
  const timed = async <T>(step: string, fn: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await fn();
    onStep?.({ step, ms: performance.now() - start });
    return result;
  };
  const loaded = await timed('load', () => loadSpec(spec));
  const api = await timed('parse', () => parseDocument(loaded));
  await timed('passes', () => {
    for (const pass of PASSES) pass.run(api, loaded.locate);
  });
  return api;
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const timings: StepTiming[] = [];
  const record = (t: StepTiming) => {
    timings.push(t);
    options.onStep?.(t);
  };
  const api = await buildIr(options.spec, record);
  const files: GeneratedFile[] = [];
  for (const emitter of EMITTERS) {
    if (options.emitters && !options.emitters.includes(emitter.name)) continue;
    const start = performance.now();
    files.push(...emitter.emit(api));
    record({ step: `emit ${emitter.name}`, ms: performance.now() - start });
  }
  const start = performance.now();
  const formatted = await formatFiles(files, options.cache ? createFormatCache(options.cache) : undefined, options.formatter);
  record({ step: 'format', ms: performance.now() - start });
  formatted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { api, files: formatted, timings };
}
