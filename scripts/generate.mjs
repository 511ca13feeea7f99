// `npm run generate`: runs scripts/generate.ts without tsx's per-module transform. The generator is bundled
// once with esbuild into node_modules/.cache/ and rebuilt whenever one of its sources changes (checked by size
// and mtime, a few milliseconds); node_modules packages stay external. If bundling fails, tsx runs the sources.
// Each module's `import.meta.url` is kept as its source file's URL, so templates and workers resolve as before:
// the bundle holds this checkout's absolute paths, so it is kept per checkout (a folder named by a hash of the
// checkout's path). A moved or renamed checkout, or another one sharing this node_modules, builds its own.
// V8's code cache of large CommonJS packages is kept too (v8-code-cache.mjs; CODEGEN_NO_CODE_CACHE=1 turns it off).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const place = createHash('sha256').update(root).digest('hex').slice(0, 16);
const dir = path.join(root, 'node_modules/.cache/platform-api-codegen/cli', place);
const bundle = path.join(dir, 'generate.mjs');
const manifest = path.join(dir, 'inputs.json');
const stamp = (file) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

function fresh() {
  try {
    const { root: builtAt, inputs } = JSON.parse(readFileSync(manifest, 'utf8'));
    // A source recorded missing makes the bundle stale: a stamp of nothing proves nothing.
    return (
      builtAt === root &&
      Object.entries(inputs).every(([file, st]) => st !== 'missing' && stamp(path.join(root, file)) === st) &&
      stamp(bundle) !== 'missing'
    );
  } catch {
    return false;
  }
}

async function rebuild() {
  const esbuild = await import('esbuild');
  const keepUrl = {
    name: 'keep-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: 'ts',
      }));
    },
  };
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'scripts/generate.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: bundle,
    // The metafile names inputs relative to this folder whatever the working directory (run from another folder,
    // they were recorded relative to it, hence missing, and the bundle was never rebuilt again).
    absWorkingDir: root,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [keepUrl],
  });
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs).map((f) => [f, stamp(path.resolve(root, f))]),
  );
  // Written aside and renamed, so a generation started at the same time never reads half a file.
  mkdirSync(dir, { recursive: true });
  const atomic = (file, text) => {
    writeFileSync(`${file}.${process.pid}`, text);
    renameSync(`${file}.${process.pid}`, file);
  };
  atomic(bundle, result.outputFiles[0].contents);
  atomic(manifest, JSON.stringify({ root, inputs }));
}

if (!process.env.CODEGEN_NO_CODE_CACHE) {
  const { installCodeCache } = await import('./v8-code-cache.mjs');
  installCodeCache(path.join(root, 'node_modules/.cache/platform-api-codegen/v8'));
}
let entry = pathToFileURL(bundle).href;
if (!fresh()) {
  try {
    await rebuild();
  } catch {
    // A syntax error in a source, or no esbuild: tsx reports it the usual way.
    const { register } = await import('tsx/esm/api');
    register();
    entry = pathToFileURL(path.join(root, 'scripts/generate.ts')).href;
  }
}
await import(entry);
