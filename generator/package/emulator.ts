/**
 * The emulator of a spec, ready to import: the server and emulator outputs generated in memory and bundled by
 * esbuild into one ES module (`emulator.mjs`) in a cache folder; the one package the emulator imports at run time
 * (the SQLite engine) stays outside the bundle, imported from where the tool resolves it. A spec whose input files,
 * config and mode are unchanged since the last run, with the same tool, reuses its bundle without loading the
 * generator or esbuild.
 *
 * The cache folder (`cacheDir`): `--cache DIR` when given, else `node_modules/.cache/platform-api-codegen/emulate/`
 * in the project of the working directory (the nearest folder upwards with a package.json), else that path under
 * the working directory itself.
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
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Mode } from '../diagnostics.ts';

export interface Prepared {
  /** The bundled emulator (`emulator.mjs`). */
  entry: string;
  title: string;
  /** Whether the cached bundle was reused (no generation). */
  cached: boolean;
}

/** One progress line of a first start: a step's name and its time. */
export type Progress = (step: string, ms: number) => void;

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The tool's root (the folder of its package.json): `generator/package/` is two folders below it, `lib/generator/package/` three. */
function toolRoot(): string {
  for (const up of ['../..', '../../..']) {
    const dir = path.resolve(HERE, up);
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
  return path.resolve(HERE, '../..');
}

/** Where the compiled emulators are kept when `--cache` does not say (the rule above). */
export function defaultCacheDir(cwd = process.cwd()): string {
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')))
      return path.join(dir, 'node_modules/.cache/platform-api-codegen/emulate');
    const up = path.dirname(dir);
    if (up === dir) return path.join(path.resolve(cwd), 'node_modules/.cache/platform-api-codegen/emulate');
    dir = up;
  }
}

const stamp = (file: string) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

/**
 * The tool's identity: its place, and the sizes and times of its runtime templates and generator sources (a changed
 * or moved tool regenerates: the bundle names the SQLite engine by its absolute path).
 */
function toolStamp(): string {
  const root = toolRoot();
  const hash = createHash('sha256').update(`${root}\n`);
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

/** What `<cache>/<key>.json` records of the last preparation of a spec. */
interface Record_ {
  tool: string;
  inputs: Record<string, string>;
  title: string;
  /** The bundle's file name in the cache folder. */
  bundle: string;
}

export interface PrepareOptions {
  config?: string;
  mode?: Mode;
  /** The cache folder (default: `defaultCacheDir()`). */
  cacheDir?: string;
  /** Called before generating (a first start), then once per step as it ends. */
  onStart?: (cacheDir: string) => void;
  onStep?: Progress;
}

export async function prepareEmulator(spec: string, options: PrepareOptions = {}): Promise<Prepared> {
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
  const root = path.resolve(options.cacheDir ?? defaultCacheDir());
  const recordFile = path.join(root, `${key}.json`);
  const tool = toolStamp();
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as Record_;
    const entry = path.join(root, record.bundle);
    if (
      record.tool === tool &&
      Object.entries(record.inputs).every(([f, s]) => stamp(f) === s) &&
      existsSync(entry)
    )
      return { entry, title: record.title, cached: true };
  } catch {
    // no usable record: generate
  }
  options.onStart?.(root);
  let start = performance.now();
  // Loaded only to regenerate: a cached spec starts without the generator and esbuild.
  const { runPipeline } = await import('../pipeline.ts');
  const result = await runPipeline({
    spec,
    emitters: ['server', 'emulator'],
    format: false,
    defaultMode: 'tolerant',
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.onStep ? { onStep: (t: { step: string; ms: number }) => options.onStep!(t.step, t.ms) } : {}),
  });
  options.onStep?.('generate', performance.now() - start);
  start = performance.now();
  const code = await bundle(result.files);
  // Content-addressed: runs that prepare the same spec at once (parallel tests) end with the same file.
  const name = `${key}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  mkdirSync(root, { recursive: true });
  const final = path.join(root, name);
  if (!existsSync(final)) atomicWrite(final, code);
  // Earlier bundles of this spec are removed (a running emulator has loaded its module already).
  for (const old of readdirSync(root))
    if (old.startsWith(`${key}-`) && old.endsWith('.mjs') && old !== name)
      rmSync(path.join(root, old), { force: true });
  const inputs: Record<string, string> = {};
  for (const f of result.inputs) inputs[f] = stamp(f);
  atomicWrite(
    recordFile,
    JSON.stringify({ tool, inputs, title: result.api.title, bundle: name } satisfies Record_),
  );
  options.onStep?.('compile', performance.now() - start);
  return { entry: final, title: result.api.title, cached: false };
}

/** Written aside and renamed: a run started at the same time never reads half a file. */
function atomicWrite(file: string, text: string | Uint8Array): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * One ES module from the generated files (in memory): `emulator/index.ts` and everything it imports, TypeScript
 * stripped by esbuild. Node's built-ins stay imports; the SQLite engine is imported by its file URL in the tool.
 */
async function bundle(files: readonly { path: string; contents: string }[]): Promise<Uint8Array> {
  const esbuild = await import('esbuild');
  const sources = new Map(files.map((f) => [`/${f.path}`, f.contents]));
  const sqlite = pathToFileURL(
    createRequire(path.join(toolRoot(), 'package.json')).resolve('node-sqlite3-wasm'),
  ).href;
  const result = await esbuild.build({
    entryPoints: ['/emulator/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'generated-files',
        setup(build) {
          build.onResolve({ filter: /^node-sqlite3-wasm$/ }, () => ({ path: sqlite, external: true }));
          build.onResolve({ filter: /^\.\.?\// }, (args) => ({
            // The generated files import each other as `.js` (ESM as Node runs it); the sources are `.ts`.
            path: path.posix.join(path.posix.dirname(args.importer), args.path).replace(/\.js$/, '.ts'),
            namespace: 'generated',
          }));
          build.onResolve({ filter: /^\/emulator\/index\.ts$/ }, (args) => ({
            path: args.path,
            namespace: 'generated',
          }));
          build.onLoad({ filter: /.*/, namespace: 'generated' }, (args) => {
            const contents = sources.get(args.path);
            if (contents === undefined)
              throw new Error(`the generated emulator imports ${args.path}, which was not generated`);
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  return result.outputFiles[0]!.contents;
}
