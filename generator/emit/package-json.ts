/**
 * A shipped package's package.json, CHANGELOG.md and brand module. The name and description come from the codegen
 * config, the version and changelog from the release record (the config's `release` folder, which
 * `changelog` and `release` bump; `templates/<package>/release/` holds the first version's defaults); the exports map describes the compiled layout `npm run build` writes
 * (`dist/esm` for `import`, `dist/cjs` for `require`, a `.d.ts` beside each), which keeps the output's layout: the
 * package's folder and the outputs it imports side by side (`dist/esm/server/index.js`, `dist/esm/types/index.js`).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { CodegenConfig, PackageConfig } from '../config/types.ts';
import type { Api } from '../ir/api.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readTemplate } from './templates.ts';
import type { GeneratedFile } from './contract.ts';
import { dataLiteral } from './ts/literal.ts';
import { printFile } from './ts/project.ts';
import { entryModule, layoutOf } from './package-layout.ts';

/**
 * Entry points of a package: `.` and subpaths, each a source module as the package sees it (relative to its root,
 * without `.ts`; `types/index` is the imported `types/` output).
 */
export type Entries = Record<string, string>;

function conditions(root: string, entry: string) {
  const layout = layoutOf(root);
  if (!layout) throw new Error(`${root} is not a package`);
  const module = entryModule(layout, entry);
  return {
    import: { types: `./dist/esm/${module}.d.ts`, default: `./dist/esm/${module}.js` },
    require: { types: `./dist/cjs/${module}.d.ts`, default: `./dist/cjs/${module}.js` },
  };
}

/** The release record's file for a package: the config's `release` folder when it holds one, else the default. */
function recordText(root: string, file: string, release: string | undefined): string {
  return ownRecord(root, file, release) ?? readTemplate(`${root}/release/${file}`);
}

function ownRecord(root: string, file: string, release: string | undefined): string | undefined {
  const own = release ? path.join(release, root, file) : undefined;
  return own && existsSync(own) ? readFileSync(own, 'utf8') : undefined;
}

/** What both packages say of themselves: the config's `publish`, else the spec's `info`. */
export interface PublishFacts {
  license?: string;
  repository?: string;
  author?: string;
  /** The version before any release (the release record has none yet). */
  initialVersion?: string;
}

export function publishFacts(api: Api, config: CodegenConfig, initial: string | undefined): PublishFacts {
  const license = config.publish.license ?? api.license;
  const author = config.publish.author ?? api.contact;
  return {
    ...(license ? { license } : {}),
    ...(config.publish.repository ? { repository: config.publish.repository } : {}),
    ...(author ? { author } : {}),
    ...(initial ? { initialVersion: initial } : {}),
  };
}

export function packageJson(
  pkg: PackageConfig,
  root: string,
  entries: Entries,
  release?: string,
  facts: PublishFacts = {},
): Record<string, unknown> {
  const own = ownRecord(root, 'package.json', release);
  const record = JSON.parse(own ?? readTemplate(`${root}/release/package.json`)) as { version?: unknown };
  const version =
    own === undefined && facts.initialVersion
      ? facts.initialVersion
      : typeof record.version === 'string'
        ? record.version
        : '0.1.0';
  const exports: Record<string, unknown> = {};
  for (const [subpath, entry] of Object.entries(entries)) exports[subpath] = conditions(root, entry);
  const main = (exports['.'] ?? conditions(root, 'index')) as ReturnType<typeof conditions>;
  exports['./package.json'] = './package.json';
  return {
    name: pkg.name,
    version,
    description: pkg.description,
    ...(facts.license ? { license: facts.license } : {}),
    ...(facts.author ? { author: facts.author } : {}),
    ...(facts.repository ? { repository: facts.repository } : {}),
    type: 'module',
    main: main.require.default,
    module: main.import.default,
    types: main.require.types,
    exports,
    files: ['dist', 'README.md', 'CHANGELOG.md'],
    // This folder holds the TypeScript sources; the publishable package is what `platform-api-codegen build` writes.
    scripts: { prepack: PREPACK },
    sideEffects: false,
    engines: { node: '>=20' },
  };
}

/**
 * `npm pack` in the generated folder would ship sources without the `dist/` that `main` names: it stops with this
 * message instead. The build writes the package.json without it.
 */
export const PREPACK = `node -e "console.error('This folder holds the generated sources. Build the publishable package with: npx platform-api-codegen build (then npm pack dist/<package>)'); process.exit(1)"`;

/** package.json and CHANGELOG.md of the package at `root` (`client`, `server`), from the release record. */
export function releaseFiles(
  root: string,
  pkg: PackageConfig,
  entries: Entries,
  release?: string,
  facts: PublishFacts = {},
): GeneratedFile[] {
  return [
    {
      path: `${root}/package.json`,
      contents: `${JSON.stringify(packageJson(pkg, root, entries, release, facts), null, 2)}\n`,
    },
    { path: `${root}/CHANGELOG.md`, contents: recordText(root, 'CHANGELOG.md', release), verbatim: true },
  ];
}

/** A module of `export const` declarations from plain values (the config's branding), printed with ts-morph. */
export function constantsModule(
  path: string,
  values: Record<string, { type: string; value: unknown; doc: string }>,
): GeneratedFile {
  const statements: StatementStructures[] = Object.entries(values).map(([name, v]) => ({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [v.doc],
    declarations: [{ name, type: v.type, initializer: dataLiteral(v.value) }],
  }));
  return { path, contents: printFile(path, statements) };
}
