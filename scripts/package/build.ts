/**
 * `npm run build`: compiles each generated package (generated/client, generated/server) into a publishable folder
 * `dist/<package>/`: package.json, README, CHANGELOG, and `dist/esm` (ES modules) and `dist/cjs` (CommonJS, marked by
 * a nested package.json), each with `.d.ts` and source maps (sources inlined, since `src` is not shipped).
 *
 * Tools: tsc writes the ES modules and the `.d.ts` (the compiler we type-check with already, declarations from the
 * program that checks the code); esbuild transforms the same sources file by file into CommonJS (no bundling:
 * every module stays a module, so tree-shaking in the consumer's bundler still works), and the declarations are
 * copied beside them. A second tsc run would do the same at twice the time; tsdown or tsup would add a bundler
 * layer we do not need. Both tools are already devDependencies, neither runs an install script we rely on.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = path.join(repo, 'node_modules/typescript/bin/tsc');

export interface BuiltPackage {
  name: string;
  /** The publishable folder (`dist/client`). */
  dir: string;
}

/** The packages of a generated tree: every top-level folder with a package.json. */
export const PACKAGES = ['client', 'server'] as const;

function tsc(tsconfig: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, '-p', tsconfig], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`tsc -p ${path.relative(repo, tsconfig)} failed:\n${output}`))));
  });
}

function tsconfig(file: string, source: string, outDir: string, nodeTypes: boolean): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        // The consumer's narrowest supported environment: no dom.iterable, no Node types in the client.
        lib: ['ES2022', 'DOM'],
        types: nodeTypes ? ['node'] : [],
        typeRoots: [path.join(repo, 'node_modules/@types')],
        strict: true,
        // What a strict consumer compiling our sources would use: shipped code must stay valid under both.
        exactOptionalPropertyTypes: true,
        erasableSyntaxOnly: true,
        declaration: true,
        sourceMap: true,
        inlineSources: true,
        isolatedModules: true,
        skipLibCheck: true,
        noEmitOnError: true,
        rootDir: source,
        outDir,
      },
      include: [path.join(source, '**/*.ts')],
    }, null, 2),
  );
  return file;
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]));
}

function listTs(dir: string): string[] {
  return listFiles(dir).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
}

/** Builds `generated/<name>` (or `<tree>/<name>`) into `<outRoot>/<name>`. */
export async function buildPackage(name: string, tree = path.join(repo, 'generated'), outRoot = path.join(repo, 'dist')): Promise<BuiltPackage> {
  const source = path.join(tree, name);
  if (!existsSync(path.join(source, 'package.json'))) throw new Error(`${path.relative(repo, source)} has no package.json: run \`npm run generate\` first`);
  const dir = path.join(outRoot, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md']) if (existsSync(path.join(source, f))) cpSync(path.join(source, f), path.join(dir, f));
  const configs = path.join(repo, '.tmp/build', name);
  const nodeTypes = name === 'server'; // the node:http adapter's types
  const esm = path.join(dir, 'dist/esm');
  const cjs = path.join(dir, 'dist/cjs');
  const sources = listTs(source);
  await Promise.all([
    tsc(tsconfig(path.join(configs, 'tsconfig.json'), source, esm, nodeTypes)),
    build({ entryPoints: sources, outdir: cjs, outbase: source, format: 'cjs', platform: 'neutral', target: 'es2022', sourcemap: true, sourcesContent: true, logLevel: 'silent' }),
  ]);
  for (const file of listFiles(esm).filter((f) => f.endsWith('.d.ts'))) cpSync(path.join(esm, file), path.join(cjs, file));
  writeFileSync(path.join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  return { name, dir };
}

export async function buildAll(tree?: string, outRoot?: string): Promise<BuiltPackage[]> {
  return Promise.all(PACKAGES.map((p) => buildPackage(p, tree, outRoot)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    for (const b of await buildAll()) console.log(`built ${path.relative(repo, b.dir)}/ (dist/esm, dist/cjs)`);
    console.log(`in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`error[build]: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
