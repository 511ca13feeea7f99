// Copied by platform-api-codegen from its runtime (templates/validators/run.ts). Do not edit: every generation replaces it.
/**
 * The state of one validation run and the errors it collects, with the JSON pointer escaping of their paths and
 * the test of a plain object: what every generated validator function starts from. Hand-written; copied verbatim into `validators/run.ts` (the
 * validators import it through runtime.ts).
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

/** A plain JSON object (not null, not an array). */
export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
