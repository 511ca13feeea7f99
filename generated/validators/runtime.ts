// Copied by platform-api-codegen from its runtime (templates/validators/runtime.ts). Do not edit: every generation replaces it.
/**
 * Runtime of the generated validators, what they import: the run and its errors (run.ts), the checks too large to
 * inline (here: object tables, lengths in code points, JSON equality, the `x-rules`), the formats (formats.ts) and
 * linear-time patterns (pattern.ts), and the inputs and outputs of request and response validators (io.ts).
 * Hand-written; copied verbatim into `validators/runtime.ts`.
 */
import { esc, isObj, MAX_DEPTH, type Check, type Ctx, type Run } from './run.js';

export * from './run.js';
export * from './io.js';
export { bracketParam } from './brackets.js';
export { styledList, styledObject, styledScalar } from './styles.js';
/** The formats of JSON Schema 2020-12, each to its RFC (`formats.ts`): `formats` by name, and `fmt<Name>` each. */
export * from './formats.js';
export { LinearPattern } from './pattern.js';

/**
 * One row of an object's check table: a property's name, whether it is required, the fail-fast test and the
 * check of its value (check null: any value; test null: the check is called directly), and where its schema is:
 * a pointer below the object's schema (`/properties/name`), or a whole one (`#/components/...`, a named schema).
 */
export type PropCheck = readonly [
  name: string,
  required: boolean,
  is: ((v: unknown, r: Run) => boolean) | null,
  check: Check | null,
  schema: string,
];

/** An object's check table: its rows in property order, and each property's row by name. */
export interface PropTable {
  readonly rows: readonly PropCheck[];
  readonly index: ReadonlyMap<string, number>;
}

export function propTable(rows: readonly PropCheck[]): PropTable {
  return { rows, index: new Map(rows.map((row, i) => [row[0], i])) };
}

/**
 * Check mode of an object's properties from its table, in order: the slow path, run only after `is` refused the
 * value, so one loop serves every object instead of code written out per property. The value's own keys are read
 * once (a keyed read of an absent property is slow), then the rows are checked in order.
 */
export function checkProps(o: Record<string, unknown>, p: string, c: Ctx, table: PropTable, s: string): void {
  const { rows, index } = table;
  const values: unknown[] = new Array<unknown>(rows.length);
  for (const k in o) {
    const i = index.get(k);
    // A name `Object.prototype` also has (`__proto__`, `constructor`…) is read as an own property only.
    if (i !== undefined) values[i] = INHERITED.has(k) ? own(o, k) : o[k];
  }
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const x = values[i];
    if (x === undefined) {
      if (row[1]) c.missing(`${p}/${esc(row[0])}`, `${s}/required`);
      continue;
    }
    const check = row[3];
    // With a test, the path is built only for a bad value.
    const schema = row[4];
    if (check && (row[2] === null || !row[2](x, c)))
      check(x, `${p}/${esc(row[0])}`, c, schema.charCodeAt(0) === 0x23 ? schema : s + schema);
  }
}

const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Own property read, for names that also exist on `Object.prototype` (`constructor`, `__proto__`, ...). */
export function own(o: Record<string, unknown>, key: string): unknown {
  // The descriptor, not `o[key]`: an own `__proto__` (JSON.parse makes one) is hidden behind the accessor.
  return Object.getOwnPropertyDescriptor(o, key)?.value;
}

/** Length in Unicode code points, as JSON Schema counts `minLength`/`maxLength`. */
export function cpLen(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The 128-entry table of the ASCII characters in `ranges` (inclusive code-point pairs), for `onlyAscii`. */
export function asciiSet(ranges: readonly (readonly [number, number])[]): Uint8Array {
  const set = new Uint8Array(128);
  for (const [from, to] of ranges) set.fill(1, from, to + 1);
  return set;
}

/** Whether `s` has at least `min` characters, all of `set`: the pattern `^[…]+$` (or `*`) without a regular expression. */
export function onlyAscii(s: string, set: Uint8Array, min: number): boolean {
  if (s.length < min) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || set[c] === 0) return false;
  }
  return true;
}

/** Number of own enumerable keys, without allocating a key array. */
export function keyCount(o: Record<string, unknown>): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

/** `multipleOf` with a tolerance for binary fractions (0.1 * 3). */
export function multipleOf(v: number, m: number): boolean {
  const q = v / m;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

/** Index of the first repeated element (structural equality), or -1. Linear, via canonical keys. */
export function duplicateIndex(items: readonly unknown[]): number {
  const seen = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const key = canonical(items[i]);
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

/** JSON equality (`const`, `enum` of objects and arrays): same structure and values, key order aside. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return a === b || canonical(a) === canonical(b);
}

function canonical(v: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) return '…';
  if (Array.isArray(v)) return `[${v.map((x) => canonical(x, depth + 1)).join(',')}]`;
  if (isObj(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(own(v, k), depth + 1)}`)
      .join(',')}}`;
  return typeof v === 'string' ? JSON.stringify(v) : `${typeof v}:${String(v)}`;
}

export interface DimensionLimits {
  multipleOf?: number;
  minAspect?: number;
  maxAspect?: number;
  maxWidth?: number;
  maxHeight?: number;
  maxPixels?: number;
}

/** A `WIDTHxHEIGHT` string within the limits of an `x-rules` dimensions rule. */
export function dimensionsOk(s: string, l: DimensionLimits): boolean {
  const m = /^(\d{1,6})x(\d{1,6})$/.exec(s);
  if (!m) return false;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w <= 0 || h <= 0) return false;
  if (l.multipleOf !== undefined && (w % l.multipleOf !== 0 || h % l.multipleOf !== 0)) return false;
  const aspect = w / h;
  if (l.minAspect !== undefined && aspect < l.minAspect - 1e-9) return false;
  if (l.maxAspect !== undefined && aspect > l.maxAspect + 1e-9) return false;
  if (l.maxWidth !== undefined && w > l.maxWidth) return false;
  if (l.maxHeight !== undefined && h > l.maxHeight) return false;
  if (l.maxPixels !== undefined && w * h > l.maxPixels) return false;
  return true;
}

/** `x-rules` subset: every element of `a` is an element of `b`. Returns the first offending index or -1. */
export function notSubsetIndex(a: readonly unknown[], b: readonly unknown[]): number {
  const set = new Set(b);
  for (let i = 0; i < a.length; i++) if (!set.has(a[i])) return i;
  return -1;
}
