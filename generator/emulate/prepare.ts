/**
 * The emulator of a spec, ready to import: the server and emulator outputs generated in memory, transpiled to
 * JavaScript (file by file, with the TypeScript that ts-morph ships, as `build` does) into a cache folder under
 * the tool's own `node_modules/.cache/`, so the emulator's runtime dependency (the SQLite engine) resolves from
 * the tool. A spec whose input files (and config) are unchanged since the last run reuses its folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';
import type { Mode } from '../diagnostics.ts';
import { runPipeline } from '../pipeline.ts';

export interface Prepared {
  /** The transpiled `emulator/index.js`. */
  entry: string;
  title: string;
  /** Whether the cached folder was reused (no generation). */
  cached: boolean;
}

/** The tool's root (the folder of its package.json): `generator/emulate/` is two folders below it, `lib/generator/emulate/` three. */
function toolRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['../..', '../../..']) {
    const dir = path.resolve(here, up);
    try {
      if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'platform-api-codegen') return dir;
    } catch {
      // try the next folder
    }
  }
  return path.resolve(here, '../..');
}

export function cacheRoot(): string {
  return path.join(toolRoot(), 'node_modules/.cache/platform-api-codegen/emulate');
}

/** Sizes and times of the tool's runtime templates and generator sources: a changed tool regenerates. */
function toolStamp(): string {
  const root = toolRoot();
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else hash.update(`${full}:${stamp(full)}\n`);
    }
  };
  for (const sub of ['templates', 'generator', 'lib']) if (existsSync(path.join(root, sub))) walk(path.join(root, sub));
  return hash.digest('hex');
}

const stamp = (file: string) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

interface Record_ {
  inputs: Record<string, string>;
  title: string;
}

export async function prepareEmulator(spec: string, options: { config?: string; mode?: Mode; onStep?: (step: string, ms: number) => void } = {}): Promise<Prepared> {
  const key = createHash('sha256').update(JSON.stringify([path.resolve(spec), options.config ? path.resolve(options.config) : '', options.mode ?? ''])).digest('hex').slice(0, 16);
  const dir = path.join(cacheRoot(), key);
  const recordFile = path.join(dir, 'inputs.json');
  const entry = path.join(dir, 'emulator/index.js');
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as Record_;
    const tool = toolStamp();
    if (record.inputs.__tool === tool && Object.entries(record.inputs).every(([f, s]) => f === '__tool' || stamp(f) === s) && existsSync(entry)) {
      return { entry, title: record.title, cached: true };
    }
  } catch {
    // no usable record: generate
  }
  let start = performance.now();
  const result = await runPipeline({ spec, emitters: ['server', 'emulator'], format: false, defaultMode: 'tolerant', ...(options.mode ? { mode: options.mode } : {}), ...(options.config ? { config: options.config } : {}) });
  options.onStep?.('generate', performance.now() - start);
  start = performance.now();
  const staging = `${dir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  for (const f of result.files) {
    if (!f.path.endsWith('.ts')) continue;
    const out = path.join(staging, f.path.replace(/\.ts$/, '.js'));
    mkdirSync(path.dirname(out), { recursive: true });
    const js = ts.transpileModule(f.contents, { fileName: path.basename(f.path), compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false } });
    writeFileSync(out, js.outputText);
  }
  writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify({ type: 'module', private: true })}\n`);
  const inputs: Record<string, string> = { __tool: toolStamp() };
  for (const f of result.inputs) inputs[f] = stamp(f);
  writeFileSync(path.join(staging, 'inputs.json'), JSON.stringify({ inputs, title: result.api.title } satisfies Record_));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  renameSync(staging, dir);
  options.onStep?.('compile', performance.now() - start);
  return { entry, title: result.api.title, cached: false };
}
