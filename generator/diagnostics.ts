/**
 * One error type for everything the generator refuses. The CLI prints `code`, `location` and `message` and
 * exits non-zero; nothing else reaches the user (no stack traces).
 */
export type DiagnosticCode =
  | 'yaml-syntax'
  | 'file-not-found'
  | 'invalid-openapi'
  | 'unresolved-ref'
  | 'duplicate-operation-id'
  | 'identifier-collision'
  | 'unknown-extension'
  | 'unsupported'
  | 'invalid-extension'
  | 'invalid-config'
  | 'stale-output'
  | 'usage'
  | 'internal';

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

/** Escapes one JSON pointer token. */
export function pointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((acc, t) => `${acc}/${pointerToken(String(t))}`, base);
}
