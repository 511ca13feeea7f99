// Copied by platform-api-codegen from its runtime (templates/server/core/types.ts). Do not edit: every generation replaces it.
/**
 * The types the pipeline's stages, the adapters and the generated files share: the transport-neutral request and
 * response, the server's view of an operation and the route table, and what handlers and hooks receive. A module
 * of its own so that none of them imports another for its types (they form no cycle).
 */
import type { RequestInput, ValidationResult } from '../../validators/runtime.js';
import type {
  BodyKind,
  CredentialChoice,
  CredentialSpec,
  OperationFacts,
  ResponseKind,
} from '../../protocol/operation.js';
import type { When } from '../../protocol/selection.js';
import type { SseFraming } from '../../protocol/sse.js';

export type ResponseBody = Uint8Array | string | AsyncIterable<Uint8Array> | null;

export interface NeutralResponse {
  status: number;
  headers: Record<string, string>;
  body: ResponseBody;
  /** Close the connection after answering (the rest of the body is not read). */
  close?: boolean;
  /** No route matched: an adapter inside a framework passes the request on (Express's `next()`) instead. */
  unrouted?: boolean;
}

/**
 * The server's view of one operation, derived at startup from the shared table (protocol/operations.ts) and the
 * operation's validator (pipeline/operations.ts).
 */
export interface OperationMeta {
  operationId: string;
  method: string;
  secured: boolean;
  /**
   * Accepted request media types (lower case) and whether a body is required; absent: no body. `maxBytes`: the
   * small ceiling of operations that accept neither files nor raw bytes. `only`: the media type, when there is one.
   */
  body?: {
    required: boolean;
    mediaTypes: Readonly<Record<string, BodyKind>>;
    maxBytes?: number;
    only?: string;
  };
  /** Status and kind of the success response. */
  success: SuccessMeta;
  /** Success contents chosen by the request body (the spec's `x-when`): each field present with a listed value. */
  variants?: readonly (SuccessMeta & { when: When })[];
  /** SSE framing when the operation can stream (the request selects the `sse` success content). */
  sse?: SseFraming;
  validate: (input: RequestInput) => ValidationResult<unknown>;
  /**
   * Where the credential is when not `Authorization: Bearer <token>` (the spec's securitySchemes): HTTP basic
   * (`authenticate` gets `user:password`), or an API key in a header, the query or a cookie.
   */
  credential?: CredentialSpec;
  /** Security alternatives (OR) of schemes needed together (AND), when the operation has several or needs several. */
  security?: readonly (readonly CredentialChoice[])[];
  /**
   * The operations sharing this one's method and path, itself among them, in the order their validators are tried
   * (protocol/operation.ts, `candidates`).
   */
  candidates?: readonly OperationMeta[];
}

export interface SuccessMeta {
  status: number;
  kind: ResponseKind;
  mediaType?: string;
}

/** A request as the adapters hand it over. Header names are lower case. */
export interface NeutralRequest {
  method: string;
  /** Path and query, e.g. `/v1/embeddings?limit=2`. */
  url: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** Size of the request head (names, values, separators), for the 431 limit. */
  headerBytes: number;
  /** The body, chunk by chunk; read at most once. Its iterator's `return()` must also end a read that is waiting. */
  body: AsyncIterable<Uint8Array> | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /**
   * The whole body when it has already arrived, so the pipeline can take it without streaming; `undefined` when
   * the adapter cannot tell (the pipeline then reads `body`). Optional: adapters that cannot tell leave it out.
   */
  bufferedBody?(): Uint8Array | undefined;
  /** Whether the request has a body; when absent, `content-length` and `transfer-encoding` say. */
  hasBody?: boolean | undefined;
  /**
   * The path a framework mounted the server at (Express's `req.baseUrl`, with `url` below it): it takes the place
   * of the spec's base path, unless the `basePath` option is set.
   */
  mountPath?: string | undefined;
}

/** Who is calling, as `authenticate` decides. */
export interface Principal {
  kind: 'api_key' | 'admin_key' | 'access_token';
  /** Anything the application wants handlers to see (ids, organization, scopes...). */
  [key: string]: unknown;
}

export interface RequestContext {
  operationId: string;
  requestId: string;
  method: string;
  path: string;
  headers: Readonly<Record<string, string | undefined>>;
  /**
   * For an operation with security alternatives: the credentials of the alternative the request carries, by scheme
   * name (`authenticate` gets the first as its token).
   */
  credentials?: Readonly<Record<string, string>>;
}

export interface RouteMatch {
  /** HTTP method → operationId. */
  methods: Readonly<Record<string, string>>;
  /** Raw (still percent-encoded) path parameters by wire name. */
  params: Record<string, string>;
}

export interface Routes {
  /** The shared per-operation table (protocol/operations.ts). */
  operations: Readonly<Record<string, OperationFacts>>;
  /** Each operation's request validator, by operationId: the one thing the server adds to the shared table. */
  validators: Readonly<Record<string, (input: RequestInput) => ValidationResult<unknown>>>;
  match(path: string): RouteMatch | undefined;
  basePath: string;
}

/** Bytes or a stream of bytes, for binary responses. */
export type BinaryBody = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Extra input every handler receives besides the validated request. */
export interface HandlerExtras {
  principal: Principal | undefined;
  requestId: string;
  operationId: string;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}
