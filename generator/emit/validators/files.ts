/** Shared plumbing of the validator files: the per-file compiler with its imports. */
import path from 'node:path';
import { StructureKind, type ImportDeclarationStructure } from 'ts-morph';
import { fail } from '../../diagnostics.ts';
import type { Api } from '../../ir/api.ts';
import type { NamedSchema, TypeNode } from '../../ir/schema.ts';
import type { ValidatorsConfig } from '../../config/types.ts';
import { refsOf } from '../../ir/walk.ts';
import { Compiler, type HelperPool } from './compile.ts';

/** Where files under `schemas/` and `requests/` import the shared helpers from. */
const SHARED_FROM = '../shared.js';
export const SHARED_PATH = 'validators/shared.ts';

const TYPE_ONLY = new Set([
  'ValidationResult',
  'RequestInput',
  'ValidatedRequest',
  'None',
  'PropCheck',
  'PropTable',
  'Run',
]);

/** The import specifier of the output file `file` from the folder `fromDir` (`./x.js`, `../schemas/x.js`). */
export function specifier(fromDir: string, file: string): string {
  const relative = path.posix.relative(fromDir, file).replace(/\.ts$/, '.js');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const isName = (s: NamedSchema) => s.validators.is;
const checkName = (s: NamedSchema) => s.validators.check;

/** A compiler for one file under `validators/`, tracking the schema functions it imports from area files. */
export function fileCompiler(
  api: Api,
  options: ValidatorsConfig,
  fromDir: 'schemas' | 'requests' | 'shared',
  selfArea?: string,
  pool?: HelperPool,
) {
  const byName = new Map(api.schemas.map((s) => [s.name, s]));
  const schemaFiles = new Map(api.areas.map((a) => [a.slug, a.files.schemaValidators]));
  const imports = new Map<string, Set<string>>();
  const use = (name: string, fn: (s: NamedSchema) => string): string => {
    const s = byName.get(name);
    if (!s) return fail('internal', `validators: unknown schema '${name}'`);
    const id = fn(s);
    if (!(fromDir === 'schemas' && s.area === selfArea)) {
      const from = specifier(
        fromDir === 'shared' ? 'validators' : `validators/${fromDir}`,
        schemaFiles.get(s.area)!,
      );
      if (!imports.has(from)) imports.set(from, new Set());
      imports.get(from)!.add(id);
    }
    return id;
  };
  // Patterns were checked in parse (flags, ReDoS guard); the compiler only writes them.
  const compiler = new Compiler(
    api.schemas,
    { is: (n) => use(n, isName), check: (n) => use(n, checkName) },
    options,
  );
  // Helpers are shared by the whole document: `validators/shared.ts` prints them, the other files import them.
  if (pool) {
    compiler.share(
      pool,
      fromDir === 'shared'
        ? undefined
        : (name) => {
            if (!imports.has(SHARED_FROM)) imports.set(SHARED_FROM, new Set());
            imports.get(SHARED_FROM)!.add(name);
          },
    );
  }
  const declarations = (runtimePath: string): ImportDeclarationStructure[] => {
    const out: ImportDeclarationStructure[] = [];
    const runtime = [...compiler.runtime].sort();
    out.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: runtimePath,
      namedImports: runtime.map((n) => (TYPE_ONLY.has(n) ? { name: n, isTypeOnly: true } : n)),
    });
    for (const from of [...imports.keys()].sort())
      out.push({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: from,
        namedImports: [...imports.get(from)!].sort(),
      });
    return out;
  };
  return { compiler, declarations };
}

/**
 * Schemas that can reach themselves through references: their validators bound the nesting depth. With `inPlace`,
 * only references that stay on the same value (`allOf`, `anyOf`, `$ref`, `if`… but no property or item): such a
 * schema never terminates on any input (JSON Schema calls it an infinite loop), so even its unions and references
 * count the depth, and the validator refuses the value (`too_deep`) instead of overflowing the stack.
 */
export function recursiveSchemas(api: Api, inPlace = false): Set<string> {
  const edges = new Map(api.schemas.map((s) => [s.name, inPlace ? inPlaceRefs(s.type) : refsOf(s.type)]));
  const out = new Set<string>();
  for (const s of api.schemas) {
    const seen = new Set<string>();
    const stack = [...(edges.get(s.name) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === s.name) {
        out.add(s.name);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return out;
}

/** Named schemas a node applies to its own value (not to a property or an item). */
function inPlaceRefs(node: TypeNode, out: string[] = []): string[] {
  if (node.kind === 'ref') out.push(node.target);
  if (node.kind === 'union') node.variants.forEach((v) => inPlaceRefs(v, out));
  if (node.kind === 'intersection') node.members.forEach((m) => inPlaceRefs(m, out));
  for (const c of node.conditionals ?? []) for (const n of [c.if, c.then, c.else]) if (n) inPlaceRefs(n, out);
  for (const n of node.not ?? []) inPlaceRefs(n, out);
  for (const n of Object.values(node.dependentSchemas ?? {})) inPlaceRefs(n, out);
  return out;
}
