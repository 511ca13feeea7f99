/**
 * `build`: compiles each generated package (`<out>/client`, `<out>/server`: every one present) into a publishable
 * folder `<dist>/<package>/`: package.json (without the sources' refusing `prepack`), README, CHANGELOG, and
 * `dist/esm` (ES modules) and `dist/cjs` (CommonJS, marked by a nested package.json), each with `.d.ts` and
 * source maps (sources inlined, since the TypeScript sources are not shipped).
 *
 * The package is assembled here, not in the generated tree: its folder and the outputs it imports
 * (emit/package-layout.ts: the client the types and enums, the server the validators, types and tables) are compiled
 * together with the tree as the root, so the built package keeps the tree's layout (`dist/esm/client/index.js`
 * beside `dist/esm/types/index.js`) and every import specifier is the one `generate` wrote. An import that
 * reaches outside that set is a build error, so a built package never depends on a file it does not ship.
 *
 * Works on any generated tree, from the installed tool: the compiler is the TypeScript that ts-morph (a
 * dependency already) bundles, run in-process. The ES modules and declarations come from one checked program;
 * the CommonJS files are the same sources transpiled file by file (no bundling: every module stays a module, so
 * a consumer's bundler can still tree-shake). `@types/node` (a dependency) types the server's node:http adapter.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Project, ts } from 'ts-morph';
import { layoutOf } from '../emit/package-layout.ts';

export interface BuiltPackage {
  name: string;
  /** The publishable folder (`dist/client`). */
  dir: string;
}

/** The packages a generated tree may hold. */
export const PACKAGES = ['client', 'server'] as const;

export class BuildError extends Error {}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))],
  );
}

/** The folder holding `@types/node`: the tool's own dependency, else the working directory's. */
function typeRoots(): string[] {
  for (const from of [import.meta.url, path.join(process.cwd(), 'package.json')]) {
    try {
      return [path.dirname(path.dirname(createRequire(from).resolve('@types/node/package.json')))];
    } catch {
      // try the next place
    }
  }
  return [];
}

function options(source: string, outDir: string, nodeTypes: boolean): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    // The consumer's narrowest supported environment: no dom.iterable, no Node types in the client.
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: nodeTypes ? ['node'] : [],
    typeRoots: nodeTypes ? typeRoots() : [],
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
  };
}

function compileEsm(source: string, files: string[], outDir: string, nodeTypes: boolean, name: string): void {
  // ts-morph's Project carries TypeScript's lib files in memory (its bundled compiler ships none on disk).
  const project = new Project({
    compilerOptions: options(source, outDir, nodeTypes),
    skipAddingFilesFromTsConfig: true,
  });
  for (const f of files) project.addSourceFileAtPath(f);
  const program = project.getProgram().compilerObject;
  const shipped = new Set(files.map((f) => path.resolve(f)));
  const outside = program
    .getSourceFiles()
    .map((f) => path.resolve(f.fileName))
    .filter(
      (f) =>
        !shipped.has(f) &&
        !f.split(path.sep).includes('node_modules') &&
        !program.isSourceFileDefaultLibrary(program.getSourceFile(f)!),
    );
  if (outside.length)
    throw new BuildError(
      `${name} imports files it would not ship: ${outside.map((f) => path.relative(source, f)).join(', ')}`,
    );
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length || emitted.emitSkipped) {
    const host = {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    };
    throw new BuildError(
      `the TypeScript compiler refused ${path.join(source, name)}:\n${ts.formatDiagnostics(diagnostics.slice(0, 20), host)}`,
    );
  }
}

function compileCjs(source: string, files: string[], outDir: string): void {
  for (const file of files.filter((f) => !f.endsWith('.d.ts'))) {
    const rel = path.relative(source, file);
    const out = path.join(outDir, rel.replace(/\.ts$/, '.js'));
    const result = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: path.basename(file),
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        sourceMap: true,
        inlineSources: true,
        esModuleInterop: false,
      },
    });
    mkdirSync(path.dirname(out), { recursive: true });
    // Named after the source file, the output already points at its map (`x.js.map`) and the map at it (`x.js`).
    writeFileSync(out, result.outputText);
    writeFileSync(`${out}.map`, result.sourceMapText ?? '{}');
  }
}

/** Builds `<tree>/<name>` into `<outRoot>/<name>`. */
export function buildPackage(name: string, tree: string, outRoot: string): BuiltPackage {
  const source = path.resolve(tree, name);
  if (!existsSync(path.join(source, 'package.json')))
    throw new BuildError(`${path.join(tree, name)} has no package.json: run generate first`);
  const dir = path.resolve(outRoot, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as Record<string, unknown>;
  // The sources' prepack refuses to pack them; the built package has nothing to prepare.
  const { scripts: _scripts, ...publishable } = pkg;
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(publishable, null, 2)}\n`);
  for (const f of ['README.md', 'CHANGELOG.md'])
    if (existsSync(path.join(source, f))) cpSync(path.join(source, f), path.join(dir, f));
  const esm = path.join(dir, 'dist/esm');
  const cjs = path.join(dir, 'dist/cjs');
  // The package's folder and the outputs it imports, as they are in the tree (the tree is the compiler's root).
  const layout = layoutOf(name)!;
  const root = path.resolve(tree);
  const missing = layout.imports.filter((i) => !existsSync(path.join(root, i)));
  if (missing.length)
    throw new BuildError(
      `${path.join(tree, name)} imports ${missing.map((m) => path.join(tree, m)).join(', ')}, which the tree does not hold: generate them too (--only ${name} writes them)`,
    );
  const files = [layout.root, ...layout.imports]
    .flatMap((part) =>
      part.endsWith('/')
        ? listFiles(path.join(root, part)).map((f) => path.join(root, part, f))
        : [path.join(root, part)],
    )
    .filter((f) => f.endsWith('.ts'));
  compileEsm(root, files, esm, name === 'server', name);
  compileCjs(root, files, cjs);
  for (const file of listFiles(esm).filter((f) => f.endsWith('.d.ts')))
    cpSync(path.join(esm, file), path.join(cjs, file));
  writeFileSync(path.join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  return { name, dir };
}

/** Every package present in `tree` (at least one, else an error). */
/** Builds every generated package; `onBuilt` is told of each as soon as it is done (progress lines). */
export function buildAll(
  tree: string,
  outRoot: string,
  onBuilt?: (built: BuiltPackage) => void,
): BuiltPackage[] {
  const present = PACKAGES.filter((p) => existsSync(path.join(tree, p, 'package.json')));
  if (!present.length)
    throw new BuildError(
      `${tree}/ holds no generated package (client/ or server/ with a package.json): run generate first`,
    );
  return present.map((p) => {
    const built = buildPackage(p, tree, outRoot);
    onBuilt?.(built);
    return built;
  });
}
