/**
 * The emulator of a spec, ready to import: the server and emulator outputs generated in memory, transpiled to
 * JavaScript (file by file, with the TypeScript that ts-morph ships, as `build` does) into a cache folder under
 * the tool's own `node_modules/.cache/`, so the emulator's runtime dependency (the SQLite engine) resolves from
 * the tool. A spec whose input files (and config) are unchanged since the last run reuses its folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mode } from '../diagnostics.ts';

export interface Prepared {
  /** The transpiled `emulator/index.js`. */
  entry: string;
  title: string;
  /** Whether the cached folder was reused (no generation). */
  cached: boolean;
}

/** The tool's root (the folder of its package.json): `generator/package/` is two folders below it, `lib/generator/package/` three. */
function toolRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['../..', '../../..']) {
    const dir = path.resolve(here, up);
    try {
      if (
        (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name ===
        'platform-api-codegen'
      )
        return dir;
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
  for (const sub of ['templates', 'generator', 'lib'])
    if (existsSync(path.join(root, sub))) walk(path.join(root, sub));
  return hash.digest('hex');
}

const stamp = (file: string) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

/** What `<cache>/<key>.json` records of the last preparation of a spec. */
interface Record_ {
  tool: string;
  inputs: Record<string, string>;
  title: string;
  /** The folder (below the cache) holding the compiled server and emulator. */
  dir: string;
}

export async function prepareEmulator(
  spec: string,
  options: { config?: string; mode?: Mode; onStep?: (step: string, ms: number) => void } = {},
): Promise<Prepared> {
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        path.resolve(spec),
        options.config ? path.resolve(options.config) : '',
        options.mode ?? '',
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  const root = cacheRoot();
  const recordFile = path.join(root, `${key}.json`);
  const tool = toolStamp();
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as Record_;
    const entry = path.join(root, record.dir, 'emulator/index.js');
    if (
      record.tool === tool &&
      Object.entries(record.inputs).every(([f, s]) => stamp(f) === s) &&
      existsSync(entry)
    )
      return { entry, title: record.title, cached: true };
  } catch {
    // no usable record: generate
  }
  let start = performance.now();
  // Loaded only to regenerate: a cached spec starts without the generator and the compiler.
  const { runPipeline } = await import('../pipeline.ts');
  const { ts } = await import('ts-morph');
  const result = await runPipeline({
    spec,
    emitters: ['server', 'emulator'],
    format: false,
    defaultMode: 'tolerant',
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.config ? { config: options.config } : {}),
  });
  options.onStep?.('generate', performance.now() - start);
  start = performance.now();
  // Content-addressed: runs that prepare the same spec at once (parallel tests) end with the same folder.
  const content = createHash('sha256');
  for (const f of result.files) content.update(`${f.path}\0${f.contents}\0`);
  const dir = `${key}-${content.digest('hex').slice(0, 16)}`;
  const final = path.join(root, dir);
  if (!existsSync(path.join(final, 'emulator/index.js'))) {
    const staging = path.join(root, `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    for (const f of result.files) {
      if (!f.path.endsWith('.ts')) continue;
      const out = path.join(staging, f.path.replace(/\.ts$/, '.js'));
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(
        out,
        ts.transpileModule(f.contents, {
          fileName: path.basename(f.path),
          compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
        }).outputText,
      );
    }
    writeFileSync(
      path.join(staging, 'package.json'),
      `${JSON.stringify({ type: 'module', private: true })}\n`,
    );
    try {
      renameSync(staging, final);
    } catch {
      // Another run put the same folder in place first.
      rmSync(staging, { recursive: true, force: true });
    }
  }
  // Earlier builds of this spec are removed (a running emulator has loaded its modules already).
  for (const name of readdirSync(root)) {
    if ((name === key || (name.startsWith(`${key}-`) && !name.endsWith('.tmp'))) && name !== dir)
      rmSync(path.join(root, name), { recursive: true, force: true });
  }
  const inputs: Record<string, string> = {};
  for (const f of result.inputs) inputs[f] = stamp(f);
  const temp = `${recordFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, JSON.stringify({ tool, inputs, title: result.api.title, dir } satisfies Record_));
  renameSync(temp, recordFile);
  options.onStep?.('compile', performance.now() - start);
  return { entry: path.join(final, 'emulator/index.js'), title: result.api.title, cached: false };
}
