// Copied by platform-api-codegen from its runtime (templates/validators/runtime.ts). Do not edit: every generation replaces it.
/**
 * Runtime of the generated validators: error collection, JSON pointer escaping, query and form coercion,
 * formats and the checks too large to inline. Hand-written; copied verbatim into `validators/runtime.ts`.
 */

/**
 * One problem with a request or response, located by a JSON pointer into `{ path, query, headers, body }` and by
 * one into the spec: the keyword it broke (ajv's `schemaPath`).
 */
export interface ValidationError {
  /** JSON pointer, e.g. `/body/input/3` or `/query/limit`. */
  path: string;
  /** Stable machine-readable code, e.g. `max_length`, `required`, `rule`. */
  code: string;
  message: string;
  /**
   * The schema keyword the value broke, as a JSON pointer into the spec (bundled into one document) written as a
   * URI fragment: `#/components/schemas/Batch/properties/completion_window/const`,
   * `#/components/schemas/Batch/required` for a missing field. Where the validators read several schemas as one
   * (the members of an `allOf`, a `$ref` beside other keywords), it is the keyword of the schema that holds them.
   */
  schemaPath: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationError[] };

/** At most this many errors are kept; counting goes on so callers know more were found. */
export const MAX_ERRORS = 100;
/** Recursive schemas are followed at most this deep; deeper input is rejected rather than overflowing the stack. */
export const MAX_DEPTH = 64;

/**
 * The state of one validation run, passed to every validator function (the validators keep no module state).
 * `open`: response validation, where objects may carry properties the spec does not list yet (responses may grow).
 * `depth`: nesting of recursive schema calls, bounded by MAX_DEPTH.
 */
export interface Run {
  readonly open: boolean;
  depth: number;
}

/** A fresh run of request validation (the default of the exported `is<Type>` functions). */
export function newRun(): Run {
  return { open: false, depth: 0 };
}

/**
 * The `check` function of a schema: adds every problem of `v` (at data pointer `p`) to `c`. A helper shared by
 * identical schemas is told by `s` where the one it checks is, the base of its errors' `schemaPath`; a named
 * schema's function knows its own place and takes no `s`.
 */
export type Check = (v: unknown, p: string, c: Ctx, s: string) => void;

const NO_ERRORS: ValidationError[] = Object.freeze([]) as unknown as ValidationError[];

/** Collects errors of one validation run; it is the run's state too. */
export class Ctx implements Run {
  /** The errors found (a shared empty list until the first: a valid request allocates none). */
  errors: ValidationError[] = NO_ERRORS;
  count = 0;
  depth = 0;
  /** `open`: a response's run (see `Run`). */
  readonly open: boolean;
  // No parameter properties: the packages compile with `erasableSyntaxOnly`.
  constructor(open = false) {
    this.open = open;
  }
  add(path: string, code: string, message: string, schemaPath: string): void {
    if (this.count++ === 0) this.errors = [];
    if (this.errors.length < MAX_ERRORS) this.errors.push({ path, code, message, schemaPath });
  }
  /**
   * A required value is absent (the most common error of all, so one short call in the generated code);
   * `schemaPath`: the `required` keyword that asks for it.
   */
  missing(path: string, schemaPath: string): void {
    this.add(path, 'required', 'is required', schemaPath);
  }
  /**
   * A required property whose value failed its test: absent (then the `required` of the object's schema, at `at`,
   * asks for it), or bad (then its `check` says why). `schema`: where the property's schema is, below the object's
   * (`/properties/name`) or a whole pointer (`#/…`). The paths are joined here, only for an error.
   */
  required(x: unknown, path: string, check: Check, at: string, schema: string): void {
    if (x === undefined) this.missing(path, `${at}/required`);
    else check(x, path, this, schema.charCodeAt(0) === 0x23 ? schema : at + schema);
  }
  get full(): boolean {
    return this.count >= MAX_ERRORS;
  }
}

/** Escapes one JSON pointer reference token (RFC 6901). */
export function esc(key: string): string {
  // A loop the optimiser inlines (two `includes` calls measured slower on short keys).
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    if (ch === 0x7e || ch === 0x2f) return key.replace(/~/g, '~0').replace(/\//g, '~1');
  }
  return key;
}

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

/** A plain JSON object (not null, not an array). */
export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

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

/** The formats of JSON Schema 2020-12, each to its RFC (`formats.ts`): `formats` by name, and `fmt<Name>` each. */
export * from './formats.js';
export { LinearPattern } from './pattern.js';

/** Raw parameter values as servers hand them over: one string, repeated strings, or nothing. */
export type RawParam = string | readonly string[] | undefined;
export type RawParams = Readonly<Record<string, RawParam>>;

/** The last value of a repeated scalar parameter wins, as most servers do. */
export function scalar(raw: RawParam): string | undefined {
  return typeof raw === 'string' ? raw : raw?.[raw.length - 1];
}

/** A query or header string as a number; anything else is returned as is (and then fails the type check). */
export function toNumber(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  return /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : raw;
}

export function toBoolean(raw: string | undefined): unknown {
  return raw === 'true' ? true : raw === 'false' ? false : raw;
}

/** Repeated (`a=1&a=2`) or comma-separated (`a=1,2`) values as a list. */
export function toList(raw: RawParam): string[] | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string') return raw === '' ? [] : raw.split(',');
  return [...raw];
}

/** How a multipart field's text is read before validation. */
export type FormCoercion = 'number' | 'boolean' | 'json' | 'list' | 'list-number' | 'list-boolean';

/**
 * Multipart fields arrive as text or files; the generated table says which fields are numbers, booleans, lists
 * or JSON, and this turns them into the values the schema describes. Returns a new object.
 */
export function coerceForm(body: unknown, table: Readonly<Record<string, FormCoercion>>): unknown {
  if (!isObj(body)) return body;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    const value = body[key];
    const how = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
    Object.defineProperty(out, key, {
      value: how ? coerceField(value, how) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function coerceField(value: unknown, how: FormCoercion): unknown {
  const one = (v: unknown, kind: 'number' | 'boolean' | 'json'): unknown => {
    if (typeof v !== 'string') return v;
    if (kind === 'number') return toNumber(v);
    if (kind === 'boolean') return toBoolean(v);
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  };
  switch (how) {
    case 'list':
      return Array.isArray(value) ? value : [value];
    case 'list-number':
      return (Array.isArray(value) ? value : [value]).map((v) => one(v, 'number'));
    case 'list-boolean':
      return (Array.isArray(value) ? value : [value]).map((v) => one(v, 'boolean'));
    default:
      return Array.isArray(value) ? value.map((v) => one(v, how)) : one(value, how);
  }
}

/** Returns `value` with `defaults` filled in where absent; copies only when something is missing. */
export function withDefaults<T>(value: T, defaults: Readonly<Record<string, unknown>>): T {
  if (!isObj(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key in defaults) {
    if (value[key] !== undefined) continue;
    out ??= { ...value };
    const d = defaults[key];
    out[key] = typeof d === 'object' && d !== null ? structuredClone(d) : d;
  }
  return (out ?? value) as T;
}

/** What a request validator reads: raw path, query and header values as the server received them, and the body. */
export interface RequestInput {
  path?: RawParams;
  query?: RawParams;
  /** Header names in lower case (as `node:http` and `Headers` give them). */
  headers?: RawParams;
  /** Parsed JSON, or the fields of a multipart form (strings and `File`/`Blob`s; repeated fields as arrays). */
  body?: unknown;
  /** The request's media type, choosing among the operation's bodies (`application/json` when absent). */
  mediaType?: string | undefined;
}

/** A validated request: parameters coerced to their types, defaults applied. */
export interface ValidatedRequest<P, Q, H, B> {
  path: P;
  query: Q;
  headers: H;
  body: B;
}

/** No parameters of this kind. */
export type None = Record<string, never>;

/** The key of the documented response for `status`: exact code, then `4XX`-style range, then `default`. */
export function statusKey(status: number, keys: readonly string[]): string | undefined {
  const exact = String(status);
  if (keys.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  if (keys.includes(range)) return range;
  return keys.includes('default') ? 'default' : undefined;
}

/**
 * One documented status of an operation's responses: its key (`200`, `4XX`, `default`), its body's checks and
 * where its body's schema is.
 */
export type ResponseCheck = readonly [
  status: string,
  is: (v: unknown, r: Run) => boolean,
  check: Check,
  schema: string,
];

/**
 * The validator of an operation's JSON response bodies, from one row per documented status: an open run (objects
 * may carry properties the spec does not list yet); a status the operation does not document is not checked.
 */
export function responseValidator(
  rows: readonly ResponseCheck[],
): (status: number, body: unknown) => ValidationResult<unknown> {
  const keys = rows.map((row) => row[0]);
  return (status, body) => {
    const c = new Ctx(true);
    const key = statusKey(status, keys);
    const row = key === undefined ? undefined : rows[keys.indexOf(key)];
    if (row && !row[1](body, c)) row[2](body, '/body', c, row[3]);
    return c.count ? { ok: false, errors: c.errors } : { ok: true, value: body };
  };
}

/** The media type without parameters, in lower case. */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return 'application/json';
  // Fast path: a plain lower-case media type (the common case) needs no allocation.
  if (
    contentType.indexOf(';') === -1 &&
    contentType.indexOf(' ') === -1 &&
    contentType === contentType.toLowerCase()
  )
    return contentType;
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** The value of absent parameter kinds: shared and frozen, so valid requests allocate less. */
export const NONE: None = Object.freeze({}) as None;

/**
 * A copy of `table` without a prototype, for lookups by a name known only at run time (`validateRequest`): no
 * inherited key (`toString`, `__proto__`) can be found in it, so one keyed read answers, and the copy keeps fast
 * properties where the table's large literal may not (a lookup measured 15–20% faster than a `Map`'s).
 */
export function lookupTable<T>(table: Readonly<Record<string, T>>): Readonly<Record<string, T | undefined>> {
  return Object.setPrototypeOf({ ...table }, null) as Readonly<Record<string, T | undefined>>;
}

/** For `validateRequest` or `validateResponse` called with a name that is no operation of the API (from untyped code). */
export function unknownOperation(operationId: unknown, caller = 'validateRequest'): never {
  throw new RangeError(
    `${caller}: unknown operationId ${JSON.stringify(String(operationId))}; it must be an operationId of the API (see requestValidators).`,
  );
}

/** For `validateSchema` called with a name that is no component schema of the API (from untyped code). */
export function unknownSchema(name: unknown): never {
  throw new RangeError(
    `validateSchema: unknown schema ${JSON.stringify(String(name))}; it must be a component schema name of the API (see schemaValidators).`,
  );
}
