/**
 * A shipped package's package.json, CHANGELOG.md and brand module. The name and description come from the codegen
 * config, the version and changelog from the release record (`templates/<package>/release/`, which
 * `npm run release` bumps); the exports map describes the compiled layout `npm run build` writes
 * (`dist/esm` for `import`, `dist/cjs` for `require`, a `.d.ts` beside each).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { PackageConfig } from '../config/types.ts';
import { readTemplate, verbatimFile } from '../render/templates.ts';
import type { GeneratedFile } from '../diagnostics.ts';
import { printFile } from './ts/project.ts';

/** Entry points of a package: `.` and subpaths, each a source module relative to the package root, without `.ts`. */
export type Entries = Record<string, string>;

function conditions(entry: string) {
  return {
    import: { types: `./dist/esm/${entry}.d.ts`, default: `./dist/esm/${entry}.js` },
    require: { types: `./dist/cjs/${entry}.d.ts`, default: `./dist/cjs/${entry}.js` },
  };
}

export function packageJson(pkg: PackageConfig, releaseDir: string, entries: Entries): Record<string, unknown> {
  const record = JSON.parse(readTemplate(`${releaseDir}/package.json`)) as { version?: unknown };
  const version = typeof record.version === 'string' ? record.version : '0.1.0';
  const main = entries['.'] ?? 'index';
  const exports: Record<string, unknown> = {};
  for (const [subpath, entry] of Object.entries(entries)) exports[subpath] = conditions(entry);
  exports['./package.json'] = './package.json';
  return {
    name: pkg.name,
    version,
    description: pkg.description,
    type: 'module',
    main: `./dist/cjs/${main}.js`,
    module: `./dist/esm/${main}.js`,
    types: `./dist/cjs/${main}.d.ts`,
    exports,
    files: ['dist', 'README.md', 'CHANGELOG.md'],
    sideEffects: false,
    engines: { node: '>=20' },
  };
}

/** package.json and CHANGELOG.md of the package at `root` (`client`, `server`). */
export function releaseFiles(root: string, pkg: PackageConfig, entries: Entries): GeneratedFile[] {
  return [
    { path: `${root}/package.json`, contents: `${JSON.stringify(packageJson(pkg, `${root}/release`, entries), null, 2)}\n` },
    verbatimFile(`${root}/CHANGELOG.md`, `${root}/release/CHANGELOG.md`),
  ];
}

/** A module of `export const` declarations from plain values (the config's branding), printed with ts-morph. */
export function constantsModule(path: string, values: Record<string, { type: string; value: unknown; doc: string }>): GeneratedFile {
  const statements: StatementStructures[] = Object.entries(values).map(([name, v]) => ({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [v.doc],
    declarations: [{ name, type: v.type, initializer: JSON.stringify(v.value) }],
  }));
  return { path, contents: printFile(path, statements) };
}
