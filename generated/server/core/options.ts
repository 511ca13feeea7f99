// Copied by platform-api-codegen from its runtime (templates/server/core/options.ts). Do not edit: every generation replaces it.
/** What `createServer` accepts: the hooks (authentication, rate limit, errors, request ids) and the limits. */
import type { Principal, RequestContext } from './types.js';

export interface RateLimitDecision {
  /** False answers 429. */
  allowed: boolean;
  /** Seconds, sent as `Retry-After` with a 429. */
  retryAfterSeconds?: number;
  /** `x-ratelimit-*` headers, added to the response whether or not it is limited. */
  headers?: Readonly<Record<string, string | number>>;
}

type Awaitable<T> = T | Promise<T>;

export interface ServerOptions {
  /** Turns a bearer token into a principal; `undefined` rejects it (401). Without this hook every secured request is 401. */
  authenticate?: (token: string, ctx: RequestContext) => Awaitable<Principal | undefined>;
  /** Called after authentication; may answer 429. */
  rateLimit?: (
    ctx: RequestContext & { principal: Principal | undefined },
  ) => Awaitable<RateLimitDecision | undefined>;
  /**
   * Ceiling of every operation's body limit in bytes (413 above it). Default 32 MiB. Each operation's own limit
   * comes from the spec (small for JSON and forms, large only where files or binary bodies are accepted).
   */
  maxBodyBytes?: number;
  /**
   * Limit of JSON, form and text bodies (files and raw bytes get `maxBodyBytes`). Default 1 MiB: parsing 1 MiB of
   * small JSON values blocks the event loop for about 10-30 ms, which keeps other requests' latency bounded.
   */
  maxStructuredBodyBytes?: number;
  /** Ceiling for operations without a security requirement. Default 64 KiB. */
  maxUnauthenticatedBodyBytes?: number;
  /** Deepest JSON nesting accepted (400 `too_deep` above it), checked while reading. Default 256. */
  maxJsonDepth?: number;
  /** Most arrays and objects in a JSON body (400 `too_complex` above it), counted while reading. Default 10,000. */
  maxJsonContainers?: number;
  /** Most parts of a multipart body or fields of a form (400 `too_many_parts` above it). Default 256. */
  maxParts?: number;
  /**
   * Path prefix of the API, e.g. `/v1` (default: the path of the spec's first server URL, or the mount path when a
   * framework mounted the server under one, `app.use('/v1', server.node)`).
   */
  basePath?: string;
  /** Longest request target (path and query) in bytes; 414 above it. Default 16 KiB. */
  maxUrlBytes?: number;
  /**
   * Milliseconds to wait for the next bytes of a request body; then 408 and the connection is closed (a client
   * trickling its body does not hold a connection). Default 30,000.
   */
  bodyTimeoutMs?: number;
  /**
   * Operations that refuse workload-identity access tokens (403). Defaults to the codegen config's
   * `accessTokensRejectedBy` (an API's policy stated in prose, not in its spec).
   */
  accessTokensRejectedBy?: readonly string[];
  /**
   * Operations a principal of kind `admin_key` may call; it gets 403 `admin_key_not_allowed` on every other.
   * Defaults to the codegen config's `adminKeys.acceptedBy`; with neither, admin keys are like any principal.
   */
  adminOperations?: readonly string[];
  /**
   * Called with errors thrown by handlers and hooks (the client only sees a generic 500). Default: `console.error`
   * with the operation and request id; pass your own to send them to your logger instead.
   */
  onError?: (error: unknown, ctx: RequestContext) => void;
  /** Request id generator (default `req_` + 32 hex digits). */
  requestId?: () => string;
}
