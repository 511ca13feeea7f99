/**
 * The generator's leaf module: every layer (load, parse, passes, emitters, render) may import it, and it imports
 * nothing. It holds the diagnostics (errors and tolerant-mode warnings) and the JSON-pointer helpers.
 *
 * One error type for everything the generator refuses. The CLI prints `code`, `location` and `message` and
 * exits non-zero; nothing else reaches the user (no stack traces).
 */
export type DiagnosticCode =
  | 'yaml-syntax'
  | 'file-not-found'
  | 'input-limit'
  | 'invalid-openapi'
  | 'unresolved-ref'
  | 'duplicate-operation-id'
  | 'identifier-collision'
  | 'unknown-extension'
  | 'unsupported'
  | 'converted-input'
  | 'invalid-extension'
  | 'invalid-config'
  | 'config-unknown-operation'
  | 'stale-output'
  | 'usage'
  | 'unknown-keyword'
  | 'unknown-format'
  | 'duplicate-enum-value'
  | 'invalid-pattern'
  | 'unsafe-pattern'
  | 'missing-operation-id'
  | 'discriminator-fallback'
  | 'pagination-fallback'
  | 'sdk-naming'
  | 'internal';

/** `strict`: every finding is an error (our spec, lint, CI). `tolerant`: findings become located warnings. */
export type Mode = 'strict' | 'tolerant';

export interface Warning {
  code: DiagnosticCode;
  message: string;
  location: Location;
  /** What the generator did instead (the documented fallback). */
  fallback: string;
}

export interface Location {
  /** File path relative to the working directory, when known. */
  file?: string;
  line?: number;
  column?: number;
  /** JSON pointer into the bundled document. */
  pointer?: string;
}

export class GeneratorError extends Error {
  readonly code: DiagnosticCode;
  readonly location: Location;
  /** Warnings the failed run had found by then (printed before the errors). */
  warnings: Warning[] = [];

  constructor(code: DiagnosticCode, message: string, location: Location = {}) {
    super(message);
    this.name = 'GeneratorError';
    this.code = code;
    this.location = location;
  }

  /** `spec/openapi.yaml:12:5: error[yaml-syntax]: ...` or `#/paths/...: error[...]: ...`. */
  format(): string {
    return `${formatLocation(this.location)}error[${this.code}]: ${this.message}`;
  }
}

export function formatLocation(loc: Location): string {
  const parts: string[] = [];
  if (loc.file) {
    let where = loc.file;
    if (loc.line !== undefined) where += `:${loc.line}`;
    if (loc.line !== undefined && loc.column !== undefined) where += `:${loc.column}`;
    parts.push(where);
  }
  if (loc.pointer) parts.push(loc.pointer);
  return parts.length ? `${parts.join(' ')}: ` : '';
}

/** Throws a located error: the only way passes report problems. */
export function fail(code: DiagnosticCode, message: string, location: Location = {}): never {
  throw new GeneratorError(code, message, location);
}

/** Several errors at once (strict mode reports every finding of a run): the first is `code` and `location`. */
export class GeneratorErrors extends GeneratorError {
  constructor(readonly errors: GeneratorError[]) {
    super(errors[0]!.code, errors[0]!.message, errors[0]!.location);
  }

  override format(): string {
    const lines = this.errors.map((e) => GeneratorError.prototype.format.call(e));
    return this.errors.length > 1 ? `${lines.join('\n')}\n${this.errors.length} errors` : lines[0]!;
  }
}

/**
 * Collects findings for one run. In tolerant mode `report` records a warning naming the fallback taken; in strict
 * mode it records an error. Either way the caller goes on with that fallback, so a strict run still finds every
 * problem, and `throwErrors` (called when the model is built) throws them all at once.
 */
export class Diagnostics {
  readonly warnings: Warning[] = [];
  readonly errors: GeneratorError[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly mode: Mode = 'strict') {}

  report(code: DiagnosticCode, message: string, location: Location, fallback: string): void {
    const key = `${code}\0${formatLocation(location)}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.mode === 'strict') this.errors.push(new GeneratorError(code, message, location));
    else this.warnings.push({ code, message, location, fallback });
  }

  /** Throws the collected errors (with `fatal`, the error that stopped the run, last); returns when there are none. */
  throwErrors(fatal?: GeneratorError): void {
    if (fatal && (fatal instanceof GeneratorErrors || this.errors.includes(fatal))) throw fatal;
    const all = [...this.errors, ...(fatal ? [fatal] : [])];
    if (fatal && all.length === 1) throw fatal;
    if (all.length === 1) throw all[0]!;
    if (all.length) throw new GeneratorErrors(all);
  }

  /** A finding that is a warning in both modes (JSON Schema annotations, for example). */
  warn(code: DiagnosticCode, message: string, location: Location, fallback: string): void {
    const key = `${code}\0${formatLocation(location)}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push({ code, message, location, fallback });
  }
}

/** `file:line:column #/pointer: warning[code]: message; fallback`. */
export function formatWarning(w: Warning): string {
  return `${formatLocation(w.location)}warning[${w.code}]: ${w.message}; ${w.fallback}`;
}

/** Escapes one JSON pointer token. */
export function pointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((acc, t) => `${acc}/${pointerToken(String(t))}`, base);
}

export function decodeToken(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // A stray `%` is the character itself, not an escape.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at an internal `$ref` (`#/components/schemas/X`) of `document`, or undefined. */
export function resolveInternal(document: unknown, ref: string): unknown {
  let current: unknown = document;
  if (ref === '#' || ref === '') return current;
  if (!ref.startsWith('#/')) return undefined;
  // Every token counts, empty ones too: `#/$defs//x` is the key "" of `$defs`, then `x`.
  for (const raw of ref.slice(2).split('/')) {
    const token = decodeToken(raw);
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
