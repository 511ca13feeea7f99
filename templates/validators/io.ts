/**
 * What request and response validators read and return: raw parameters and their coercion (query, headers, form
 * fields), defaults, the request's shape, the response rows by status, and the lookups by operation or schema name.
 * Hand-written; copied verbatim into `validators/io.ts` (the validators import it through runtime.ts).
 */
import { hasBrackets, leafKind, unbracket } from './brackets.js';
import { Ctx, isObj, type Check, type Run, type ValidationResult } from './run.js';

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

/**
 * A query array whose items are objects or arrays: the JSON text of the whole array (protocol/params.ts writes it
 * so), or each repeat's JSON; text that is not JSON stays as it is, for the validator to refuse.
 */
export function toJsonList(raw: RawParam): unknown[] | undefined {
  if (raw === undefined) return undefined;
  const json = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  };
  if (typeof raw === 'string' || raw.length === 1) {
    const text = typeof raw === 'string' ? raw : raw[0]!;
    if (text === '') return [];
    const value = json(text);
    return Array.isArray(value) ? value : [value];
  }
  return raw.map(json);
}

/**
 * How a multipart field's text is read before validation; `map` is the mark of a table holding a map's values under
 * `[*]` (brackets.ts `leafKind`), on the key `*`.
 */
export type FormCoercion = 'number' | 'boolean' | 'json' | 'list' | 'list-number' | 'list-boolean' | 'map';

/**
 * Form and multipart fields arrive as text or files; the generated table says which fields are numbers, booleans,
 * lists or JSON (and which nested leaves, by bracket path, are numbers or booleans), and this turns them into the
 * values the schema describes. Fields in bracket notation (`items[0][quantity]=2`, `include[]`,
 * `expires_after[anchor]`) are read back into arrays and objects when `brackets` says so: `true` for every such
 * field (URL-encoded forms), a list for a multipart body, whose schema may name a field with its brackets (`image[]`
 * is a property of its own there, kept as it is). Returns a new object.
 */
export function coerceForm(
  body: unknown,
  table: Readonly<Record<string, FormCoercion>>,
  brackets: boolean | readonly string[] = false,
): unknown {
  if (!isObj(body)) return body;
  const keep = Array.isArray(brackets) ? brackets : [];
  const fields: Record<string, unknown> =
    brackets === false || !hasBrackets(body, keep)
      ? body
      : unbracket(
          body,
          (path, v) => {
            const how = leafKind(table, path);
            return how === 'number' || how === 'boolean' ? coerceField(v, how) : v;
          },
          keep,
        );
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    const value = fields[key];
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
    case 'map':
      return value;
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
