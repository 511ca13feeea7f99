/**
 * Imports of a generated client file: schemas and enums through the shared tracker, operation types
 * (`op.names.*`) from the types emitter's file of the area that declares them, and values or types of the core.
 */
import { StructureKind, type ImportDeclarationStructure } from 'ts-morph';
import type { Api, Operation } from '../../ir/types.ts';
import { trackImports, type ImportTracker } from '../ts/imports.ts';

export interface ClientImports extends ImportTracker {
  /** An operation type (`op.names.body` etc.): a schema's name lives with the schema, others in the operation's area. */
  opType(op: Operation, name: string): string;
  /** A name from a module relative to the file (`../core/stream.js`). */
  from(module: string, name: string, typeOnly?: boolean): string;
}

export function clientImports(api: Api, fromDir: string, selfPath: string): ClientImports {
  const base = trackImports(api, fromDir, selfPath);
  const areaOfType = new Map(api.schemas.map((s) => [s.typeName, s.area]));
  const up = '../'.repeat(fromDir.split('/').filter(Boolean).length);
  const extra = new Map<string, { names: Set<string>; values: Set<string> }>();
  let sealed = false;
  const add = (module: string, name: string, typeOnly: boolean) => {
    if (sealed) throw new Error(`internal: ${selfPath} uses ${name} after its imports were taken`);
    if (!extra.has(module)) extra.set(module, { names: new Set(), values: new Set() });
    const entry = extra.get(module)!;
    (typeOnly ? entry.names : entry.values).add(name);
  };
  return {
    ...base,
    opType(op, name) {
      add(`${up}types/${areaOfType.get(name) ?? op.area}.js`, name, true);
      return name;
    },
    from(module, name, typeOnly = false) {
      add(module, name, typeOnly);
      return name;
    },
    declarations() {
      sealed = true;
      const merged = new Map<string, ImportDeclarationStructure>();
      for (const d of base.declarations()) merged.set(d.moduleSpecifier, d);
      for (const [module, { names, values }] of extra) {
        const existing = merged.get(module);
        const typeNames = new Set([...names, ...((existing?.namedImports as string[] | undefined) ?? [])]);
        for (const v of values) typeNames.delete(v);
        const all = [...[...values].map((v) => v), ...[...typeNames].map((t) => (values.size ? `type ${t}` : t))];
        merged.set(module, {
          kind: StructureKind.ImportDeclaration,
          isTypeOnly: values.size === 0,
          moduleSpecifier: module,
          namedImports: all.sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, ''))),
        });
      }
      return [...merged.values()].sort((a, b) => (a.moduleSpecifier < b.moduleSpecifier ? -1 : 1));
    },
  };
}
