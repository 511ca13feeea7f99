/**
 * A spec written as a test gives it, generated through the real pipeline into a folder of its own, its files
 * written there for the test to import as a user would.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPipeline, type PipelineOptions, type PipelineResult } from '../../generator/pipeline.ts';

/** Empties `out`, writes `spec` to `out/openapi.json`, generates from it and writes the files below `out`. */
export async function generateSpec(
  out: string,
  spec: object,
  options: Omit<PipelineOptions, 'spec'> = {},
): Promise<PipelineResult> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const file = path.join(out, 'openapi.json');
  writeFileSync(file, JSON.stringify(spec));
  const result = await runPipeline({ format: false, ...options, spec: file });
  for (const f of result.files) {
    mkdirSync(path.dirname(path.join(out, f.path)), { recursive: true });
    writeFileSync(path.join(out, f.path), f.contents);
  }
  return result;
}

/** Imports a generated module (`client/index.ts`) from `out`. */
export async function importGenerated<T>(out: string, module: string): Promise<T> {
  return (await import(pathToFileURL(path.join(out, module)).href)) as T;
}
