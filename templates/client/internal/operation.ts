/**
 * How the generated resources describe an operation to the core: its shared facts (protocol/operations.ts, the
 * table the server reads too) with the client's own fields beside them, one constant per operation.
 */
import type { OperationFacts, ResponseFacts } from '../../protocol/operation.js';
import { selectWhen } from '../../protocol/selection.js';

export type { ResponseKind } from '../../protocol/operation.js';
export type Scalar = string | number | boolean | null;

/** One success content (its kind, `x-when` condition, SSE terminator and event names). */
export type ResponseSpec = ResponseFacts;

export interface ServerSpec {
  /** URL template, e.g. `{auth_url}`. */
  url: string;
  /** Variable name → the spec's default. */
  variables: Readonly<Record<string, string>>;
}

/** An operation as the core reads it: the shared facts (whose success status the client does not read) and its own fields. */
export interface OperationSpec extends Omit<OperationFacts, 'status'> {
  status?: number;
  /**
   * How the body is sent: JSON, multipart (or either, by whether it holds a file), URL-encoded form fields, or as
   * given with the operation's media type of that kind (text: a string; binary: a Blob, ArrayBuffer, typed array or
   * string).
   */
  body?: 'json' | 'multipart' | 'json|multipart' | 'form' | 'text' | 'binary';
  /** Operation-level servers (otherwise the client's base URL). */
  servers?: readonly ServerSpec[];
  /** The header parameters the params argument carries, by their wire names. */
  headerKeys?: readonly string[];
  /** The declared header given an idempotency key when the caller passes none. */
  idempotencyHeader?: string;
  /** The params key a body that is not an object goes under, beside the query and header parameters. */
  bodyKey?: string;
}

/** The media type a `text` or `binary` body is sent with: the first the operation accepts of that kind. */
export function bodyContentType(op: OperationSpec): string | undefined {
  const mediaTypes = op.requestBody?.mediaTypes ?? {};
  for (const mediaType in mediaTypes)
    if (mediaTypes[mediaType] === op.body) return mediaType.includes('*') ? undefined : mediaType;
  return undefined;
}

/** The type of field `K` across the members of a union (undefined where a member lacks it): for overloads. */
export type FieldOf<T, K extends PropertyKey> = T extends unknown
  ? K extends keyof T
    ? T[K]
    : undefined
  : never;

export interface CallArgs {
  /** Path parameters by their spec name. */
  path?: Record<string, string> | undefined;
  /** The body (any JSON value) and query parameters, as the operation's `params` says. */
  params?: unknown;
}

/** The response an operation gives for this request body. */
export function selectResponse(op: OperationSpec, body: unknown): ResponseSpec {
  const only = op.responses.length === 1 ? op.responses[0] : undefined;
  if (only && !only.when) return only;
  return selectWhen(op.responses, body) ?? op.responses.find((r) => !r.when) ?? { kind: 'json' };
}
