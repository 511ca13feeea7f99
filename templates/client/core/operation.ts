/** How the generated resources describe an operation to the core: plain data, one constant per operation. */
import type { FieldEncoding } from './uploads.js';

export type ResponseKind = 'json' | 'sse' | 'binary' | 'text' | 'empty';
export type Scalar = string | number | boolean | null;

export interface ResponseSpec {
  kind: ResponseKind;
  /**
   * The request-body condition selecting this response (the spec's `x-when`): every named field must be present with
   * one of the listed values. The response without `when` is the default.
   */
  when?: Readonly<Record<string, readonly Scalar[]>>;
  /** For `sse`: the data value that ends the stream. */
  terminator?: string;
  /**
   * For `sse` streams with named events: the event names the spec knows. Others (new event types are a compatible
   * change) are skipped by typed iteration and still visible through `Stream.events()`.
   */
  events?: readonly string[];
}

export interface ServerSpec {
  /** URL template, e.g. `{auth_url}`. */
  url: string;
  /** Variable name → the spec's default. */
  variables: Readonly<Record<string, string>>;
}

export interface OperationSpec {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';
  /** Path template relative to the base URL, e.g. `/vector_stores/{vector_store_id}`. */
  path: string;
  /** Where the one params argument goes: the body, the query, or both (then `queryKeys` name the query fields). */
  params?: 'body' | 'query' | 'both';
  queryKeys?: readonly string[];
  body?: 'json' | 'multipart' | 'json|multipart';
  encoding?: Readonly<Record<string, FieldEncoding>>;
  responses: readonly ResponseSpec[];
  /** A cursor-paginated list. */
  list?: boolean;
  /** False when the operation takes no bearer credential (security: []). */
  auth?: boolean;
  /** Operation-level servers (otherwise the client's base URL). */
  servers?: readonly ServerSpec[];
}

/** The type of field `K` across the members of a union (undefined where a member lacks it): for overloads. */
export type FieldOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : undefined) : never;

export interface CallArgs {
  /** Path parameters by their spec name. */
  path?: Record<string, string> | undefined;
  params?: object | undefined;
}

/** The response an operation gives for this request body. */
export function selectResponse(op: OperationSpec, body: unknown): ResponseSpec {
  const only = op.responses.length === 1 ? op.responses[0] : undefined;
  if (only && !only.when) return only;
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const matches = (when: Readonly<Record<string, readonly Scalar[]>>) =>
    Object.entries(when).every(([field, values]) => field in record && values.includes(record[field] as Scalar));
  return op.responses.find((r) => r.when && matches(r.when)) ?? op.responses.find((r) => !r.when) ?? { kind: 'json' };
}
