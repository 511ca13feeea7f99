// Copied by platform-api-codegen from its runtime (templates/client/core/operation.ts). Do not edit: every generation replaces it.
/** How the generated resources describe an operation to the core: plain data, one constant per operation. */
import type { CredentialSpec, ResponseKind } from '../../protocol/operation.js';
import { selectWhen } from '../../protocol/selection.js';
import type { Paging } from './pagination.js';
import type { FieldEncoding } from './uploads.js';

export type { ResponseKind } from '../../protocol/operation.js';
export type Scalar = string | number | boolean | null;

export interface ResponseSpec {
  kind: ResponseKind;
  /**
   * The request-body condition selecting this response (the spec's `x-when`): every named field must be an own
   * property of the body with one of the listed values (protocol/selection.ts). The response without `when` is the default.
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
  /**
   * How the body is sent: JSON, multipart (or either, by whether it holds a file), URL-encoded form fields, or as
   * given with `contentType` (text: a string; binary: a Blob, ArrayBuffer, typed array or string).
   */
  body?: 'json' | 'multipart' | 'json|multipart' | 'form' | 'text' | 'binary';
  /**
   * How the credential is sent when not as `Authorization: Bearer <key>`: HTTP basic (the key is `user:password`),
   * or an API key in a header, the query or a cookie (securitySchemes of the spec).
   */
  credential?: CredentialSpec;
  /** The media type of a `text` or `binary` body. */
  contentType?: string;
  encoding?: Readonly<Record<string, FieldEncoding>>;
  responses: readonly ResponseSpec[];
  /** A paged list, and how it pages (see `Paging` in pagination.ts). */
  paging?: Paging;
  /** False when the operation takes no bearer credential (security: []). */
  auth?: boolean;
  /** Operation-level servers (otherwise the client's base URL). */
  servers?: readonly ServerSpec[];
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
