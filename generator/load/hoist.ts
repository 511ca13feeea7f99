/**
 * Multi-file specs whose schemas are not declared under the root's `components`: the bundler inlines a schema
 * at its first use and points later uses (and recursion) at that place (`#/paths/~1pets/get/.../schema`). Each
 * such target becomes a named component, with a stable name from the file it came from (`schemas/pet.yaml` →
 * `Pet`; a fragment adds its last token: `common.yaml#/Error` → `CommonError`), so named types stay named and
 * nothing is inlined per operation.
 */
import path from 'node:path';
import type { Location } from '../diagnostics.ts';
import { typeNameOf } from '../naming/case.ts';
import { resolveInternal } from '../diagnostics.ts';
import { decodeToken, pointerToken } from '../diagnostics.ts';

/** A pointer inside a schema: after `schema`, or inside a keyword that holds schemas. */
const IN_SCHEMA =
  /\/(schema|items|additionalProperties|not|if|then|else|propertyNames|contains|unevaluatedProperties|unevaluatedItems)(\/|$)|\/(properties|allOf|oneOf|anyOf|prefixItems|\$defs|definitions|patternProperties|dependentSchemas)\/[^/]+/;

/**
 * Hoists every schema target of a non-component `$ref` into `#/components/schemas`. Returns the moves (new
 * pointer → old pointer), which the locator follows to keep file:line:column.
 */
export function hoistSchemas(
  document: Record<string, unknown>,
  sourceOf: (pointer: string) => { file: string; fragment: string },
  multiFile = true,
): Map<string, string> {
  const holders: Record<string, unknown>[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      if (typeof obj.$ref === 'string') holders.push(obj);
      for (const child of Object.values(obj)) collect(child);
    }
  };
  collect(document);
  const targets = [
    ...new Set([
      ...holders.map((h) => h.$ref as string),
      ...(multiFile ? inlinedFromOtherFiles(document, sourceOf) : []),
    ]),
  ].filter(
    (ref) =>
      ref.startsWith('#/') &&
      !ref.startsWith('#/components/') &&
      IN_SCHEMA.test(ref) &&
      resolveInternal(document, ref) !== undefined,
  );
  const moves = new Map<string, string>();
  if (!targets.length) return moves;
  const components = (document.components ??= {}) as Record<string, unknown>;
  const schemas = (components.schemas ??= {}) as Record<string, unknown>;
  const taken = new Set(Object.keys(schemas).map((n) => n.toLowerCase()));
  // Deepest first: a target inside another moves out before its container does.
  targets.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
  for (const ref of targets) {
    const name = nameFor(ref, sourceOf, taken);
    taken.add(name.toLowerCase());
    const newPointer = `#/components/schemas/${pointerToken(name)}`;
    const tokens = ref.slice(2).split('/');
    const parent = resolveInternal(document, `#/${tokens.slice(0, -1).join('/')}`) as Record<string, unknown>;
    const key = decodeToken(tokens[tokens.length - 1]!);
    schemas[name] = parent[key];
    parent[key] = { $ref: newPointer };
    moves.set(newPointer, ref);
    // Every reference to the target, or into it, follows it.
    for (const h of holders) {
      const r = h.$ref as string;
      if (r === ref || r.startsWith(`${ref}/`)) h.$ref = newPointer + r.slice(ref.length);
    }
    for (const t of targets)
      if (t.startsWith(`${ref}/`)) targets[targets.indexOf(t)] = newPointer + t.slice(ref.length);
  }
  return moves;
}

function nameFor(
  ref: string,
  sourceOf: (pointer: string) => { file: string; fragment: string },
  taken: Set<string>,
): string {
  const { file, fragment } = sourceOf(ref);
  const base = file ? typeNameOf(path.basename(file).replace(/\.(ya?ml|json)$/i, '')) : '';
  const tail = fragment ? fragment.split('/').pop()! : '';
  const last = typeNameOf(decodeToken(tail || (ref.split('/').pop() ?? '')));
  const candidates = (
    fragment ? [`${base}${last}`, last] : [base, `${base}${last}`, last || 'Schema']
  ).filter((c) => c && !/^(Schema|Items)$/.test(c));
  if (!candidates.length) candidates.push('Schema');
  for (const c of candidates) if (!taken.has(c.toLowerCase())) return c;
  const stem = candidates[candidates.length - 1]!;
  for (let i = 2; ; i++) if (!taken.has(`${stem}${i}`.toLowerCase())) return `${stem}${i}`;
}

/** A locator that follows hoisted schemas back to where they were written. */
export function followMoves(
  locate: (pointer: string) => Location,
  moves: Map<string, string>,
): (pointer: string) => Location {
  if (!moves.size) return locate;
  return (pointer) => {
    for (const [to, from] of moves)
      if (pointer === to || pointer.startsWith(`${to}/`))
        return { ...locate(from + pointer.slice(to.length)), pointer };
    return locate(pointer);
  };
}

/** Keys whose value is a schema, and keys whose values' entries are schemas. */
const SCHEMA_KEYS = new Set(['schema', 'items', 'additionalProperties', 'not']);
const SCHEMA_LISTS = new Set(['properties', 'allOf', 'oneOf', 'anyOf', 'prefixItems']);

/**
 * Schemas the bundler inlined at their only use, written in another file than the object holding them: these
 * are named too (the pointer of every place where the file changes under a schema-holding key).
 */
function inlinedFromOtherFiles(
  document: Record<string, unknown>,
  sourceOf: (pointer: string) => { file: string; fragment: string },
): string[] {
  const found: string[] = [];
  const visit = (value: unknown, pointer: string, file: string): void => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, `${pointer}/${i}`, file));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'components' && pointer === '#') continue;
      const at = `${pointer}/${pointerToken(key)}`;
      if (SCHEMA_KEYS.has(key) && child !== null && typeof child === 'object' && !('$ref' in child)) {
        const source = sourceOf(at);
        if (source.file !== file && !source.fragment) found.push(at);
        const here = source.file;
        visit(child, at, here);
      } else if (SCHEMA_LISTS.has(key) && child !== null && typeof child === 'object') {
        for (const [k, member] of Object.entries(child as Record<string, unknown>)) {
          const mAt = `${at}/${pointerToken(k)}`;
          if (member === null || typeof member !== 'object' || '$ref' in member) continue;
          const source = sourceOf(mAt);
          if (source.file !== file && !source.fragment) found.push(mAt);
          const here = source.file;
          visit(member, mAt, here);
        }
      } else {
        visit(child, at, child !== null && typeof child === 'object' ? sourceOf(at).file : file);
      }
    }
  };
  visit(document, '#', sourceOf('#').file);
  return found;
}
