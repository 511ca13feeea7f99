/**
 * The packages we ship and the other outputs each one's code imports. `generate` writes every output once, in its
 * own folder, and a package's files import the others where they are (`client/index.ts` → `../types/index.js`), so
 * the generated tree type-checks and runs as it is. `build` assembles a self-contained package from the package's
 * folder and the outputs it imports, keeping the tree's relative layout, so every import specifier is already
 * right: nothing is copied into `generated/` and no import is rewritten.
 */
export interface PackageLayout {
  /** The emitter whose output is the package. */
  emitter: string;
  /** Folder of the package in the output, with a trailing `/`. */
  root: string;
  /**
   * Output folders (with a trailing `/`) or files, relative to the output root, that the package's code imports:
   * `build` compiles them into the package beside its own folder.
   */
  imports: string[];
  /** Emitters that produce what `imports` names: `--only` runs and writes them with the package. */
  needs: string[];
}

export const PACKAGES: readonly PackageLayout[] = [
  { emitter: 'client', root: 'client/', imports: ['types/', 'tables/enums.ts'], needs: ['types', 'enums'] },
  { emitter: 'server', root: 'server/', imports: ['validators/', 'types/', 'tables/'], needs: ['validators', 'types', 'enums', 'state-machines'] },
];

/** The layout of the package whose folder is `root` (`client`, `server`, with or without the trailing `/`). */
export function layoutOf(root: string): PackageLayout | undefined {
  const folder = root.endsWith('/') ? root : `${root}/`;
  return PACKAGES.find((p) => p.root === folder);
}

const covers = (prefixes: readonly string[], file: string) => prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/**
 * Where a package entry's module lives in the output (and so in the built package, which keeps that layout): an
 * entry named from the package's point of view (`types/index` for `@platform-api/server/types`) is the imported
 * output when one holds it (`types/index`), else a module of the package's own folder (`server/index`).
 */
export function entryModule(layout: PackageLayout, entry: string): string {
  return covers(layout.imports, `${entry}.ts`) ? entry : `${layout.root}${entry}`;
}
