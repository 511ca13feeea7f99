/**
 * The symbol registry of one generated TypeScript file: emitters name each symbol the file uses from another module
 * as they write it (a schema, an enum, an operation type, a runtime export), and the registry writes the imports.
 * Imports by construction: once they are taken, a symbol met later (while printing) would go unimported, so it is an
 * internal error, never a file that does not compile.
 */
import { StructureKind, type ImportDeclarationStructure } from 'ts-morph';
import { enumNameOf } from '../../ir/queries.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { TypeUse } from './type-expr.ts';
import { isIdentifierName } from './identifier.ts';

export interface Imports extends TypeUse {
  /** An operation's type (`op.names.*`): a schema's name lives with the schema, the others in the operation's area. */
  opType(op: Operation, name: string): string;
  /** `name` from the generated module at `target` (a path under the output root: `client/core/options.ts`). */
  from(target: string, name: string, typeOnly?: boolean): string;
  /**
   * The whole module at `target` as a namespace (`import * as requests_videos`), for a file that refers to many of
   * its exports once each (an index's tables): `<alias>.<name>` costs less than an import line per name. The alias
   * is made of the module's last two path segments; `_` joins them, which no area slug contains.
   */
  namespace(target: string): string;
  /** The import declarations, by module specifier; the registry is sealed from then on. */
  declarations(): ImportDeclarationStructure[];
}

export interface ImportOptions {
  /** Where named types come from: the file of their area (`types/<area>.ts`, the default) or the types index. */
  types?: 'areas' | 'index';
}

/** The registry of the file at `selfPath` (under the output root: `client/resources/videos.ts`). */
export function importRegistry(api: Api, selfPath: string, options: ImportOptions = {}): Imports {
  const schemas = new Map(api.schemas.map((s) => [s.name, s]));
  const typeFiles = new Map(api.areas.map((a) => [a.slug, a.files.types]));
  const areaOfType = new Map(api.schemas.map((s) => [s.typeName, s.area]));
  const typesFile = (area: string): string => {
    if (options.types === 'index') return 'types/index.ts';
    const file = typeFiles.get(area);
    if (!file) throw new Error(`internal: ${selfPath} uses a type of area ${area}, which has no types file`);
    return file;
  };
  const wanted = new Map<string, { types: Set<string>; values: Set<string> }>();
  const namespaces = new Map<string, string>();
  let sealed = false;
  const add = (target: string, name: string, typeOnly: boolean): string => {
    if (sealed) throw new Error(`internal: ${selfPath} uses ${name} after its imports were taken`);
    if (target === selfPath) return name;
    if (!wanted.has(target)) wanted.set(target, { types: new Set(), values: new Set() });
    wanted.get(target)![typeOnly ? 'types' : 'values'].add(name);
    return name;
  };
  return {
    schema(name) {
      const s = schemas.get(name);
      return s ? add(typesFile(s.area), s.typeName, true) : 'unknown';
    },
    enumType: (node) => add('tables/enums.ts', enumNameOf(api, node), true),
    opType: (op, name) => add(typesFile(areaOfType.get(name) ?? op.area), name, true),
    from: (target, name, typeOnly = false) => add(target, name, typeOnly),
    namespace(target) {
      if (sealed) throw new Error(`internal: ${selfPath} uses module ${target} after its imports were taken`);
      const alias = target.replace(/\.ts$/, '').split('/').slice(-2).join('_').replace(/-/g, '_');
      if (!isIdentifierName(alias) || !/^[A-Za-z]\w*$/.test(alias))
        throw new Error(`internal: ${target} gives no namespace name (${alias})`);
      namespaces.set(target, alias);
      return alias;
    },
    declarations() {
      sealed = true;
      const whole = [...namespaces].map(([target, alias]): ImportDeclarationStructure => ({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: specifier(selfPath, target),
        namespaceImport: alias,
      }));
      const out = [...wanted].map(([target, { types, values }]): ImportDeclarationStructure => {
        const typeNames = [...types].filter((t) => !values.has(t));
        const named = values.size
          ? [
              ...[...values].map((name) => ({ name })),
              ...typeNames.map((name) => ({ name, isTypeOnly: true })),
            ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
          : typeNames.sort().map((name) => ({ name }));
        return {
          kind: StructureKind.ImportDeclaration,
          isTypeOnly: values.size === 0,
          moduleSpecifier: specifier(selfPath, target),
          namedImports: named,
        };
      });
      return [...out, ...whole].sort((a, b) =>
        a.moduleSpecifier < b.moduleSpecifier ? -1 : a.moduleSpecifier > b.moduleSpecifier ? 1 : 0,
      );
    },
  };
}

/** The relative module specifier from the file at `from` to the module at `to` (`../types/videos.js`). */
export function specifier(from: string, to: string): string {
  const dir = from.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < dir.length && common < target.length - 1 && dir[common] === target[common]) common++;
  const rest = target.slice(common).join('/');
  const js = rest.endsWith('.ts') ? `${rest.slice(0, -'.ts'.length)}.js` : rest;
  const ups = dir.length - common;
  return ups === 0 ? `./${js}` : `${'../'.repeat(ups)}${js}`;
}
