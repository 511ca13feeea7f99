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

/**
 * Outputs whose files import another output (`types/` names the enums of `tables/enums.ts`, the request
 * validators name the types, the emulator runs on the server): `--only` runs and writes what they import with them, so no chosen output is written
 * with an import that points at nothing (test/generator/only.test.ts checks every output).
 */
export const OUTPUT_NEEDS: Readonly<Record<string, readonly string[]>> = {
  types: ['enums'],
  validators: ['types'],
  emulator: ['server'],
};

export const PACKAGES: readonly PackageLayout[] = [
  {
    emitter: 'client',
    root: 'client/',
    imports: ['types/', 'tables/enums.ts', 'protocol/'],
    needs: ['types', 'enums', 'protocol'],
  },
  {
    emitter: 'server',
    root: 'server/',
    imports: ['validators/', 'types/', 'tables/', 'protocol/'],
    needs: ['validators', 'types', 'enums', 'state-machines', 'protocol'],
  },
];

/** The layout of the package whose folder is `root` (`client`, `server`, with or without the trailing `/`). */
export function layoutOf(root: string): PackageLayout | undefined {
  const folder = root.endsWith('/') ? root : `${root}/`;
  return PACKAGES.find((p) => p.root === folder);
}

const covers = (prefixes: readonly string[], file: string) =>
  prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/**
 * Where a package entry's module lives in the output (and so in the built package, which keeps that layout): an
 * entry named from the package's point of view (`types/index` for `@platform-api/server/types`) is the imported
 * output when one holds it (`types/index`), else a module of the package's own folder (`server/index`).
 */
export function entryModule(layout: PackageLayout, entry: string): string {
  return covers(layout.imports, `${entry}.ts`) ? entry : `${layout.root}${entry}`;
}

/** The emitters to run for a choice of outputs: the chosen ones and, transitively, every output they import. */
export function emittersFor(chosen: Iterable<string>): Set<string> {
  const run = new Set<string>();
  const add = (name: string): void => {
    if (run.has(name)) return;
    run.add(name);
    for (const n of [
      ...(OUTPUT_NEEDS[name] ?? []),
      ...(PACKAGES.find((p) => p.emitter === name)?.needs ?? []),
    ])
      add(n);
  };
  for (const name of chosen) add(name);
  return run;
}
