/**
 * Whether the `schemaPath` of validation errors names a keyword of the spec they were generated from (ajv's
 * meaning: the JSON pointer, as a URI fragment, of the schema keyword the value broke).
 */
import { expect } from 'vitest';

/** The value at a JSON pointer written as a URI fragment (`#/a/b~1c`), or undefined when there is none. */
export function resolve(document: unknown, pointer: string): unknown {
  expect(pointer.startsWith('#/'), pointer).toBe(true);
  let at: unknown = document;
  for (const raw of pointer.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, token)) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}

/**
 * Where the spec writes a check another way that means the same, and parse reads it as one form, the last token is
 * the keyword checked: a one-value `enum` is a `const`, the `type` of an `anyOf` of a string and an `enum`, a
 * `type` array (`[array, object]`) is an `anyOf` of its types.
 */
export const SAME: Record<string, string[]> = {
  const: ['enum'],
  type: ['enum', 'anyOf', 'oneOf'],
  anyOf: ['type'],
};

/** In-place applicators whose members parse merges into the schema that holds them (`allOf`) or reads through. */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf'];

/**
 * Whether `schema` has `keyword` (or its equivalent), itself or through what parse merges into it: an `allOf`
 * member, a `$ref`'s target (the schemaPath then names the schema that holds them, not the member: a known
 * imprecision, see the validators' `ValidationError.schemaPath`).
 */
function has(document: unknown, schema: unknown, keyword: string, depth = 0): boolean {
  if (schema === null || typeof schema !== 'object' || depth > 8) return false;
  const s = schema as Record<string, unknown>;
  if ([keyword, ...(SAME[keyword] ?? [])].some((k) => Object.hasOwn(s, k))) return true;
  const members = IN_PLACE.flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  if (typeof s.$ref === 'string')
    members.push(s.$ref.startsWith('#/') ? resolve(document, s.$ref) : byId(document, s.$ref));
  return members.some((m) => has(document, m, keyword, depth + 1));
}

/** The schema whose `$id` a reference by URI names, matched by its last segment (`…/b/d.json` → `d.json`). */
function byId(document: unknown, ref: string): unknown {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  const stack = [document];
  while (stack.length) {
    const at = stack.pop();
    if (at === null || typeof at !== 'object') continue;
    const id = (at as { $id?: unknown }).$id;
    if (typeof id === 'string' && (id === name || id.endsWith(`/${name}`))) return at;
    stack.push(...Object.values(at));
  }
  return undefined;
}

/** The schemaPaths of `seen` that name no keyword of `document`. */
export function unresolved(document: unknown, seen: Map<string, string>): [string, string][] {
  const names = (schemaPath: string) => {
    const cut = schemaPath.lastIndexOf('/');
    const schema = resolve(document, schemaPath.slice(0, cut));
    const keyword = schemaPath.slice(cut + 1);
    // A value of a mixed `enum` (`.../enum/2`), checked as one `const` of a union.
    if (schema === null || typeof schema !== 'object') return /^\d+$/.test(keyword) && schema !== undefined;
    return has(document, schema, keyword);
  };
  return [...seen].filter(([schemaPath]) => !names(schemaPath));
}
