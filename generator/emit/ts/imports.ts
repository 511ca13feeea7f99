/** Collects the named types a file uses and turns them into sorted `import type` declarations. */
import { StructureKind, type ImportDeclarationStructure } from 'ts-morph';
import { enumNameOf } from '../../ir/queries.ts';
import type { Api } from '../../ir/types.ts';
import type { TypeUse } from './type-expr.ts';

export interface ImportTracker extends TypeUse {
  declarations(): ImportDeclarationStructure[];
}

/**
 * `fromDir` is the directory of the file being written, relative to the output root (`types`, `client`, ...).
 * Schemas live in `types/<area>.ts`, enums in `tables/enums.ts`.
 */
export function trackImports(api: Api, fromDir: string, selfPath: string): ImportTracker {
  const schemas = new Map(api.schemas.map((s) => [s.name, s]));
  const typeFiles = new Map(api.areas.map((a) => [a.slug, a.files.types]));
  const wanted = new Map<string, Set<string>>();
  // Imports by construction: once the import list is taken, a type met later (while printing) would go unimported,
  // so it is an internal error, never a file that does not compile.
  let sealed = false;
  const add = (modulePath: string, name: string) => {
    if (sealed) throw new Error(`internal: ${selfPath} uses ${name} after its imports were taken`);
    if (modulePath === selfPath) return;
    if (!wanted.has(modulePath)) wanted.set(modulePath, new Set());
    wanted.get(modulePath)!.add(name);
  };
  const relative = (target: string): string => {
    const from = fromDir.split('/').filter(Boolean);
    const to = target.split('/');
    let common = 0;
    while (common < from.length && from[common] === to[common]) common++;
    const ups = from.length - common;
    const rest = to.slice(common).join('/').replace(/\.ts$/, '.js');
    return ups === 0 ? `./${rest}` : `${'../'.repeat(ups)}${rest}`;
  };
  return {
    schema(name) {
      const s = schemas.get(name);
      if (!s) return 'unknown';
      add(typeFiles.get(s.area)!, s.typeName);
      return s.typeName;
    },
    enumType(node) {
      const name = enumNameOf(api, node);
      add('tables/enums.ts', name);
      return name;
    },
    declarations() {
      sealed = true;
      return [...wanted.keys()].sort().map((modulePath) => ({
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: relative(modulePath),
        namedImports: [...wanted.get(modulePath)!].sort(),
      }));
    },
  };
}
