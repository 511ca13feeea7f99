/**
 * Bracket notation (`expand[0]=a`, `price_data[currency]=usd`, `items[0][price]=p`): how form bodies and deepObject
 * query parameters carry nested values. `unbracket` reads such fields back into objects and arrays, coercing each
 * leaf by the generated table, keyed by the field's path with indexes as `[]` (`items[][quantity]`).
 * Hand-written; copied verbatim into `validators/brackets.ts`.
 */

/** `name[a][0]…`: a field name and its bracketed keys. */
const BRACKETED = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;
const KEY = /\[([^[\]]*)\]/g;
/** An array index (small: a huge one would make a huge sparse array), or `[]` (append). */
const INDEX = /^(0|[1-9]\d{0,3})?$/;

/**
 * How the leaf at `path` is coerced (`number`, `boolean`; undefined: kept as text). A map's values (an object's
 * `additionalProperties`) are keyed `[*]` in the table, which then has the key `*`: a path the table does not name
 * is tried with its named keys as `[*]`, innermost first.
 */
export function leafKind(table: Readonly<Record<string, string>>, path: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(table, path)) return table[path];
  if (!Object.prototype.hasOwnProperty.call(table, '*')) return undefined;
  const m = BRACKETED.exec(path);
  if (!m) return undefined;
  const keys = [...m[2]!.matchAll(KEY)].map((k) => k[1]!);
  const named = keys.flatMap((k, i) => (k === '' ? [] : [i]));
  // Every choice of named keys read as map keys (at most 2^5: the table goes five levels deep).
  for (let mask = 1; mask < 1 << Math.min(named.length, 5); mask++) {
    const tried = keys.map((k, i) => (named.some((n, b) => n === i && mask & (1 << b)) ? '*' : k));
    const candidate = m[1] + tried.map((k) => `[${k}]`).join('');
    if (Object.prototype.hasOwnProperty.call(table, candidate)) return table[candidate];
  }
  return undefined;
}

/** Whether any field of `fields` is in bracket notation (a name in `keep` does not count). */
export function hasBrackets(
  fields: Readonly<Record<string, unknown>>,
  keep: readonly string[] = [],
): boolean {
  for (const k of Object.keys(fields)) if (BRACKETED.test(k) && !keep.includes(k)) return true;
  return false;
}

/**
 * `fields` with every bracketed field folded into its top-level field (`a[0]=x&a[1]=y` → `a: ['x', 'y']`); a leaf
 * whose path `leaf` names is coerced by it. Fields without brackets, and those named in `keep` (a schema's own
 * property written with brackets, such as `image[]`), are kept as they are. Returns a new object.
 */
export function unbracket(
  fields: Readonly<Record<string, unknown>>,
  leaf: (path: string, value: unknown) => unknown,
  keep: readonly string[] = [],
): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    const m = keep.includes(key) ? null : BRACKETED.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const keys = [...m[2]!.matchAll(KEY)].map((k) => k[1]!);
    const path = m[1] + keys.map((k) => (INDEX.test(k) ? '[]' : `[${k}]`)).join('');
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) place(out, m[1]!, keys, leaf(path, v));
  }
  return out;
}

function place(root: Record<string, unknown>, name: string, keys: string[], value: unknown): void {
  let holder: Record<string, unknown> | unknown[] = root;
  let at: string | number = name;
  for (const k of keys) {
    const wantArray = INDEX.test(k);
    let next = (holder as Record<string, unknown>)[at as string];
    if (next === undefined || next === null || typeof next !== 'object') {
      next = wantArray ? [] : (Object.create(null) as Record<string, unknown>);
      (holder as Record<string, unknown>)[at as string] = next;
    }
    holder = next as Record<string, unknown> | unknown[];
    at = !wantArray ? k : k === '' ? (Array.isArray(holder) ? holder.length : 0) : Number(k);
  }
  (holder as Record<string, unknown>)[at as string] = value;
}

/**
 * A deepObject query parameter (`scope[type]=account`, `lines[0][amount]=5`) read back from its bracketed fields;
 * undefined when the query has none.
 */
export function bracketParam(
  query: Readonly<Record<string, unknown>> | undefined,
  name: string,
  table: Readonly<Record<string, string>>,
): unknown {
  if (query === undefined) return undefined;
  const prefix = `${name}[`;
  const fields = Object.create(null) as Record<string, unknown>;
  let any = false;
  for (const k of Object.keys(query))
    if (k.startsWith(prefix)) {
      fields[k] = query[k];
      any = true;
    }
  if (!any) return undefined;
  return unbracket(fields, (path, v) => {
    const how = leafKind(table, path);
    if (typeof v !== 'string' || how === undefined) return v;
    if (how === 'boolean') return v === 'true' ? true : v === 'false' ? false : v;
    return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(v) ? Number(v) : v;
  })[name];
}
