/**
 * The transport-neutral request pipeline. For every request, in this order: shutdown (503), URL length (414),
 * header size (431), body size from `content-length` (413), `X-Client-Request-Id` (400), route (404, 405 +
 * `Allow`), path parameters (400), authentication (401, 403), rate limit (429), content type (415) and the body
 * limit of that media type (413), all decided from the head alone; then the body read with the size limit and
 * an idle timeout (413, 408) and parse (400), validation (400 with every error), the handler (501 when missing,
 * 500 when it throws, with no internals in the body). An answer given before the body was read closes the
 * connection unless the body is announced and small. Every response carries `x-request-id`,
 * `service-processing-ms` and the config's version header, if any.
 */
import { ACCESS_TOKENS_REJECTED_BY, VERSION_HEADER } from './brand.js';
import { errorBody, HttpError } from './errors.js';
import type { NeutralResponse, OperationMeta } from './meta.js';
import type { SseFraming } from './sse.js';
import { bag, countParts, DepthScan, LARGE_BODY_BYTES, parseBody, parseQuery, readBody, type Parsed } from './body.js';
import { nextTurn } from './json.js';
import { challenge, credentialOf, describeCredential } from './credentials.js';
import { Lifecycle } from './lifecycle.js';
import { primed, Reply, safeHeaders, successFor, toResponse } from './respond.js';

export { Reply, reply } from './respond.js';
export type { NeutralResponse, OperationMeta, ResponseBody, SuccessMeta } from './meta.js';

export const MAX_HEADER_BYTES = 64 * 1024;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Ceiling for operations that need no credentials (anyone can send them). */
export const DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES = 64 * 1024;
/** Nesting limit of JSON bodies, checked while the bytes arrive (before `JSON.parse`). */
export const DEFAULT_MAX_JSON_DEPTH = 256;
/**
 * Most arrays and objects in one JSON body. Parsing costs per value made: 2 MiB of `[[],[],…]` is a million arrays
 * and a second of blocked event loop, so the count is bounded while reading, like the depth.
 */
export const DEFAULT_MAX_JSON_CONTAINERS = 10_000;
/** Limit on the parts of a multipart body and the fields of a form, checked before parsing. */
export const DEFAULT_MAX_PARTS = 256;
/** Limit of JSON, form and text bodies, even on operations that also accept files. */
export const DEFAULT_MAX_STRUCTURED_BODY_BYTES = 1024 * 1024;
/** Longest request target (path and query) accepted; 414 above it. */
export const DEFAULT_MAX_URL_BYTES = 16 * 1024;
/** Longest wait for the next bytes of a request body; 408 and the connection closed after it. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
/**
 * A body left unread by an early answer (401, 404, 415...) is still read and thrown away, keeping the connection,
 * when its announced length is at most this; anything larger, or of unknown length, closes the connection.
 */
export const DRAIN_BODY_BYTES = 64 * 1024;
const MAX_CLIENT_REQUEST_ID = 512;

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

export interface RateLimitDecision {
  /** False answers 429. */
  allowed: boolean;
  /** Seconds, sent as `Retry-After` with a 429. */
  retryAfterSeconds?: number;
  /** `x-ratelimit-*` headers, added to the response whether or not it is limited. */
  headers?: Readonly<Record<string, string | number>>;
}

export interface RequestContext {
  operationId: string;
  requestId: string;
  method: string;
  path: string;
  headers: Readonly<Record<string, string | undefined>>;
}

type Awaitable<T> = T | Promise<T>;

export interface ServerOptions {
  /** Turns a bearer token into a principal; `undefined` rejects it (401). Without this hook every secured request is 401. */
  authenticate?: (token: string, ctx: RequestContext) => Awaitable<Principal | undefined>;
  /** Called after authentication; may answer 429. */
  rateLimit?: (ctx: RequestContext & { principal: Principal | undefined }) => Awaitable<RateLimitDecision | undefined>;
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
  /** Operations an Admin API key may call (Administration endpoints); admin keys get 403 elsewhere. */
  adminOperations?: readonly string[];
  /**
   * Called with errors thrown by handlers and hooks (the client only sees a generic 500). Default: `console.error`
   * with the operation and request id; pass your own to send them to your logger instead.
   */
  onError?: (error: unknown, ctx: RequestContext) => void;
  /** Request id generator (default `req_` + 32 hex digits). */
  requestId?: () => string;
}

export interface RouteMatch {
  /** HTTP method → operationId. */
  methods: Readonly<Record<string, string>>;
  /** Raw (still percent-encoded) path parameters by wire name. */
  params: Record<string, string>;
}

export interface Routes {
  operations: Readonly<Record<string, OperationMeta>>;
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

// Handlers are typed per operation in handlers.ts; here they are called generically.
type AnyHandler = (input: never) => unknown;

export interface CoreServer {
  handle(request: NeutralRequest): Promise<NeutralResponse>;
  /**
   * The same pipeline, answering synchronously when the hooks, the body and the handler are synchronous (the
   * common case): adapters call this to skip a promise per stage. Optional so hand-made servers still adapt.
   */
  run?(request: NeutralRequest): NeutralResponse | Promise<NeutralResponse>;
  /** Shutdown state shared with the adapters (optional so hand-made servers still adapt). */
  lifecycle?: Lifecycle;
}

/**
 * `await` costs a turn of the microtask queue even for plain values; awaiting only real promises keeps the
 * synchronous hooks and handlers (the common case) on the fast path.
 */
function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
/**
 * `req_` + 32 random hex digits. Ids are cut from a pool of 1,024 made from one `getRandomValues` fill (a call costs
 * microseconds whatever its size, up to its 64 KiB): one string slice per request instead of a UUID formatted and
 * then stripped of its dashes.
 */
const ID_POOL = 1024;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
let idPool = '';
let idAt = 0;
function defaultRequestId(): string {
  if (idAt >= idPool.length) {
    const bytes = crypto.getRandomValues(new Uint8Array(16 * ID_POOL));
    let pool = '';
    for (let i = 0; i < bytes.length; i++) pool += (i & 15) === 0 ? `req_${HEX[bytes[i]!]!}` : HEX[bytes[i]!]!;
    idPool = pool;
    idAt = 0;
  }
  const id = idPool.slice(idAt, idAt + 36);
  idAt += 36;
  return id;
}

/**
 * One request's way through the pipeline. The stages are plain functions over this record rather than one async
 * function: a request whose hooks, body and handler are synchronous then costs no promise and no closure.
 */
interface Flow {
  req: NeutralRequest;
  started: number;
  requestId: string;
  /** `x-ratelimit-*` headers from the rate-limit hook, added to whatever the answer is. */
  extra: Record<string, string> | undefined;
  ctx: RequestContext | undefined;
  operationId: string;
  op: OperationMeta;
  /** The validated request body, which selects among `x-when` success contents. */
  body: unknown;
  params: Record<string, string>;
  principal: Principal | undefined;
  /** Index of `?` in the url, -1 without a query. */
  q: number;
  contentType: string | undefined;
  mediaType: string | undefined;
  /** This operation's body limit in bytes. */
  limit: number;
  /** Whether reading the body has begun: an answer before that leaves it unread (see `DRAIN_BODY_BYTES`). */
  read: boolean;
}

type Answer = NeutralResponse | Promise<NeutralResponse>;

/** What handlers receive; `signal` is a prototype getter so the adapters make the AbortSignal on first use only. */
class Input {
  readonly #req: NeutralRequest;
  readonly path: unknown;
  readonly query: unknown;
  readonly headers: unknown;
  readonly body: unknown;
  readonly principal: Principal | undefined;
  readonly requestId: string;
  readonly operationId: string;

  constructor(path: unknown, query: unknown, headers: unknown, body: unknown, principal: Principal | undefined, requestId: string, operationId: string, req: NeutralRequest) {
    this.path = path;
    this.query = query;
    this.headers = headers;
    this.body = body;
    this.principal = principal;
    this.requestId = requestId;
    this.operationId = operationId;
    this.#req = req;
  }
  get signal(): AbortSignal {
    return this.#req.signal;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;
const ASCII = /^[\x00-\x7f]*$/;
/** What a decoded path parameter may not contain (see the path-parameter check in `start`). */
const UNSAFE_SEGMENT = /[\x00-\x1f\x7f/\\]/;

export function createCoreServer(routes: Routes, handlers: Readonly<Record<string, AnyHandler | undefined>>, options: ServerOptions = {}): CoreServer {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxOpen = Math.min(maxBody, options.maxUnauthenticatedBodyBytes ?? DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES);
  const maxDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxStructured = options.maxStructuredBodyBytes ?? DEFAULT_MAX_STRUCTURED_BODY_BYTES;
  const maxContainers = options.maxJsonContainers ?? DEFAULT_MAX_JSON_CONTAINERS;
  const maxParts = options.maxParts ?? DEFAULT_MAX_PARTS;
  const scanFloor = Math.min(maxDepth, maxContainers);
  const basePath = (options.basePath ?? routes.basePath).replace(/\/+$/, '');
  // Mounted by a framework under a path (`app.use('/v1', ...)`), the mount path stands for the spec's base path.
  const mountedBase = options.basePath === undefined ? '' : basePath;
  const maxUrl = options.maxUrlBytes ?? DEFAULT_MAX_URL_BYTES;
  const bodyTimeout = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const lifecycle = new Lifecycle();
  const noAccessTokens = new Set(options.accessTokensRejectedBy ?? ACCESS_TOKENS_REJECTED_BY);
  const adminOps = new Set(options.adminOperations ?? []);
  const newId = options.requestId ?? defaultRequestId;
  const { authenticate, rateLimit } = options;
  const onError = options.onError ?? logError;

  // Matches of paths without parameters, which are as many as the spec's fixed paths: a lookup instead of a match.
  const fixed = new Map<string, RouteMatch>();
  function match(path: string): RouteMatch | undefined {
    const known = fixed.get(path);
    if (known !== undefined) return known;
    const route = routes.match(path);
    if (route !== undefined && fixed.size < MAX_FIXED_ROUTES && !hasKeys(route.params)) fixed.set(path, route);
    return route;
  }

  function finish(f: Flow, res: NeutralResponse): NeutralResponse {
    const h = res.headers;
    h['x-request-id'] = f.requestId;
    if (VERSION_HEADER) h[VERSION_HEADER[0]] = VERSION_HEADER[1];
    h['service-processing-ms'] = String(Math.round(performance.now() - f.started));
    const extra = f.extra;
    if (extra) for (const k in extra) h[k] ??= extra[k]!;
    // Answered before the body was read (401, 404, 415...): reading on would let anyone upload for free.
    if (!f.read && !res.close && unreadBody(f.req)) res.close = true;
    return res;
  }

  function fail(f: Flow, status: number, message: string, code: string | null = null, param: string | null = null, headers?: Record<string, string>): NeutralResponse {
    return finish(f, json(status, errorBody(status, message, code, param), headers));
  }

  function failClose(f: Flow, status: number, message: string, code: string): NeutralResponse {
    const res = fail(f, status, message, code);
    res.close = true;
    return res;
  }

  function report(f: Flow, error: unknown): void {
    try {
      if (f.ctx) onError(error, f.ctx);
    } catch {
      // A failing error hook must not turn a 500 into a crash.
    }
  }

  function failure(f: Flow, error: unknown): NeutralResponse {
    if (error instanceof HttpError && Number.isInteger(error.status) && error.status >= 400 && error.status <= 599 && safeHeaders(error.headers)) {
      return fail(f, error.status, error.message, error.code, error.param, { ...error.headers });
    }
    report(f, error instanceof HttpError ? new Error(`HttpError with status ${error.status} or its headers cannot be sent (status 400-599, no CR/LF in headers).`, { cause: error }) : error);
    return fail(f, 500, 'The server had an error while processing your request.', 'internal_error');
  }

  /** Continues with `next` once `pending` settles; anything thrown or rejected becomes the error answer. */
  function later<T>(f: Flow, pending: Promise<T>, next: (f: Flow, value: T) => Answer): Promise<NeutralResponse> {
    return pending.then(
      (value) => {
        try {
          return next(f, value);
        } catch (error) {
          return failure(f, error);
        }
      },
      (error: unknown) => failure(f, error),
    );
  }

  function run(req: NeutralRequest): Answer {
    const f: Flow = {
      req,
      started: performance.now(),
      requestId: newId(),
      extra: undefined,
      ctx: undefined,
      operationId: '',
      op: undefined as unknown as OperationMeta,
      body: undefined,
      params: undefined as unknown as Record<string, string>,
      principal: undefined,
      q: -1,
      contentType: undefined,
      mediaType: undefined,
      limit: maxBody,
      read: false,
    };
    try {
      if (lifecycle.closing) {
        const res = fail(f, 503, 'The server is shutting down; retry the request.', 'shutting_down', null, { 'retry-after': '1' });
        res.close = true;
        return res;
      }
      return start(f);
    } catch (error) {
      return failure(f, error);
    }
  }

  function start(f: Flow): Answer {
    const req = f.req;
    // 1. Size limits.
    if (req.url.length > maxUrl) return fail(f, 414, `The request URL is too long (at most ${maxUrl} bytes).`, 'uri_too_long');
    if (req.headerBytes > MAX_HEADER_BYTES) return failClose(f, 431, 'Request headers are too large (at most 64 KiB).', 'headers_too_large');
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBody) return failClose(f, 413, `Request body is too large (at most ${maxBody} bytes).`, 'body_too_large');
    // 2. Client request id: ASCII, at most 512 characters.
    const clientId = req.headers['x-client-request-id'];
    if (clientId !== undefined && (clientId.length > MAX_CLIENT_REQUEST_ID || !ASCII.test(clientId))) {
      return fail(f, 400, 'X-Client-Request-Id must be ASCII and at most 512 characters.', 'invalid_client_request_id', 'X-Client-Request-Id');
    }
    // 3. Route.
    const url = routable(req.url);
    const q = (f.q = url.indexOf('?'));
    const path = q === -1 ? url : url.slice(0, q);
    const mount = req.mountPath;
    const base = mount ? mountedBase : basePath;
    const fullPath = mount ? mount + path : path;
    if (base && path !== base && !path.startsWith(`${base}/`)) return unrouted(f, fullPath);
    const route = match(base ? path.slice(base.length) : path);
    if (!route) return unrouted(f, fullPath);
    const method = req.method.toUpperCase();
    const operationId = route.methods[method];
    if (operationId === undefined) {
      const allow = Object.keys(route.methods).join(', ');
      return fail(f, 405, `${method} is not allowed on ${fullPath} (allowed: ${allow}).`, 'method_not_allowed', null, { allow });
    }
    const op = (f.op = routes.operations[operationId]!);
    f.operationId = operationId;
    const limit = (f.limit = Math.min(op.body?.maxBytes ?? maxBody, op.secured ? maxBody : maxOpen));
    if (declared !== undefined && Number(declared) > limit) return failClose(f, 413, `Request body is too large (at most ${limit} bytes).`, 'body_too_large');
    const ctx = (f.ctx = { operationId, requestId: f.requestId, method, path: fullPath, headers: req.headers });
    const params = (f.params = bag<string>());
    for (const k in route.params) {
      const raw = route.params[k]!;
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        return fail(f, 400, `Path parameter ${k} is not valid percent-encoding.`, 'invalid_path', k);
      }
      // Decoded, a parameter is one path segment: no `/`, `\`, control characters (NUL...), `.` or `..`, so a
      // handler that builds a file path or an upstream URL from it cannot be led elsewhere.
      if (UNSAFE_SEGMENT.test(value) || value === '.' || value === '..') {
        return fail(f, 400, `Path parameter ${k} must not contain '/', '\\' or control characters, nor be '.' or '..'.`, 'invalid_path', k);
      }
      params[k] = value;
    }
    // 4. Authentication.
    if (!op.secured) return limited(f);
    let token: string | undefined;
    if (op.credential) {
      token = credentialOf(req, op.credential);
      if (token === undefined) return fail(f, 401, `Missing credentials (${describeCredential(op.credential)}).`, 'missing_credentials', null, { 'www-authenticate': challenge(op.credential, false) });
    } else {
      const auth = req.headers.authorization;
      const m = auth === undefined ? null : BEARER.exec(auth);
      if (!m) return fail(f, 401, 'Missing bearer credentials (Authorization: Bearer <key>).', 'missing_credentials', null, { 'www-authenticate': challenge(undefined, false) });
      token = m[1]!;
    }
    const found = authenticate?.(token, ctx);
    return isPromise(found) ? later(f, found, authenticated) : authenticated(f, found);
  }

  /** 404, marked so an adapter inside a framework can pass the request on instead (Express's `next()`). */
  function unrouted(f: Flow, fullPath: string): NeutralResponse {
    const res = fail(f, 404, `No route for ${fullPath}.`, 'not_found');
    res.unrouted = true;
    return res;
  }

  function authenticated(f: Flow, principal: Principal | undefined): Answer {
    if (!principal) return fail(f, 401, 'Invalid credentials.', 'invalid_credentials', null, { 'www-authenticate': challenge(f.op.credential, true) });
    if (principal.kind === 'access_token' && noAccessTokens.has(f.operationId)) return fail(f, 403, `Access tokens are not accepted by ${f.operationId}.`, 'access_token_not_allowed');
    if (principal.kind === 'admin_key' && !adminOps.has(f.operationId)) return fail(f, 403, `Admin API keys are only accepted by Administration endpoints.`, 'admin_key_not_allowed');
    f.principal = principal;
    return limited(f);
  }

  // 5. Rate limit.
  function limited(f: Flow): Answer {
    if (!rateLimit) return readRequestBody(f);
    const pending = rateLimit({ ...f.ctx!, principal: f.principal });
    return isPromise(pending) ? later(f, pending, decided) : decided(f, pending);
  }

  function decided(f: Flow, decision: RateLimitDecision | undefined): Answer {
    const headers = decision?.headers;
    if (headers) {
      const extra: Record<string, string> = (f.extra = {});
      for (const [k, v] of Object.entries(headers)) extra[k.toLowerCase()] = String(v);
    }
    if (decision && !decision.allowed) {
      // NaN, Infinity or a non-number from the hook is no value a client can act on: no Retry-After then.
      const seconds = decision.retryAfterSeconds;
      const retry: Record<string, string> = typeof seconds === 'number' && Number.isFinite(seconds) ? { 'retry-after': String(Math.max(0, Math.ceil(seconds))) } : {};
      return fail(f, 429, 'Rate limit reached; retry later.', 'rate_limit_exceeded', null, retry);
    }
    return readRequestBody(f);
  }

  // 6. Content type, then read and parse the body.
  function readRequestBody(f: Flow): Answer {
    const contentType = (f.contentType = f.req.headers['content-type']);
    if (contentType !== undefined) {
      const semi = contentType.indexOf(';');
      f.mediaType = (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
    }
    const spec = f.op.body;
    // An operation without a body ignores one sent anyway (HTTP allows it); `finish` decides whether to read it.
    if (!spec) return validated(f, undefined);
    const req = f.req;
    const { mediaType } = f;
    const kind = mediaType === undefined ? undefined : spec.mediaTypes[mediaType];
    if (kind === undefined) {
      // Decided from the head: a body of a type the operation does not take is refused before any of it is read.
      if (announcesBody(req)) return fail(f, 415, `Content-Type must be ${Object.keys(spec.mediaTypes).join(' or ')}.`, 'unsupported_media_type', 'Content-Type');
      return validated(f, undefined);
    }
    // The limit of the media type sent: JSON, forms and text get the small one even where files are accepted.
    if (kind !== 'multipart' && kind !== 'binary') f.limit = Math.min(f.limit, maxStructured);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > f.limit) return failClose(f, 413, `Request body is too large (at most ${f.limit} bytes).`, 'body_too_large');
    f.read = true;
    const whole = req.bufferedBody?.();
    if (whole !== undefined) {
      if (whole.length > f.limit) return bodyRead(f, 'too_large');
      // A body of n bytes has at most n brackets: one no longer than both limits cannot pass either, and is not scanned.
      if (kind === 'json' && whole.length > scanFloor) {
        const depth = new DepthScan(maxDepth, maxContainers);
        if (!depth.feed(whole)) return bodyRead(f, depth.exceeded!);
      }
      return bodyRead(f, whole);
    }
    // JSON nesting is counted as the bytes arrive, so a body of 16 M brackets stops at the limit, not after parsing.
    const depth = kind === 'json' ? new DepthScan(maxDepth, maxContainers) : undefined;
    return later(f, readBody(req.body, f.limit, depth, bodyTimeout, declared === undefined ? undefined : Number(declared)), bodyRead);
  }

  function bodyRead(f: Flow, bytes: Uint8Array | 'too_large' | 'too_deep' | 'too_complex' | 'timeout'): Answer {
    if (bytes === 'timeout') return failClose(f, 408, `The request body stopped arriving (nothing for ${bodyTimeout} ms).`, 'body_timeout');
    if (bytes === 'too_large') return failClose(f, 413, `Request body is too large (at most ${f.limit} bytes).`, 'body_too_large');
    if (bytes === 'too_deep') return failClose(f, 400, `The request body is nested too deeply (at most ${maxDepth} levels).`, 'too_deep');
    if (bytes === 'too_complex') return failClose(f, 400, `The request body has too many arrays and objects (at most ${maxContainers}).`, 'too_complex');
    const { mediaType } = f;
    // Known here: readRequestBody refused every other media type before reading.
    const kind = f.op.body!.mediaTypes[mediaType!]!;
    if (bytes.length === 0 && kind !== 'multipart') return validated(f, undefined);
    if ((kind === 'multipart' || kind === 'form') && countParts(bytes, kind, f.contentType!) > maxParts) {
      return fail(f, 400, `The request body has too many ${kind === 'form' ? 'fields' : 'parts'} (at most ${maxParts}).`, 'too_many_parts');
    }
    // A large body is decoded, parsed and validated in separate turns of the event loop, so other requests are
    // answered between those steps instead of after all of them (load under attack stays bounded).
    if (bytes.length > LARGE_BODY_BYTES) return later(f, nextTurn().then(() => parseBody(bytes, kind, f.contentType!)), parsedLarge);
    const parsing = parseBody(bytes, kind, f.contentType!);
    return isPromise(parsing) ? later(f, parsing, parsed) : parsed(f, parsing);
  }

  function parsed(f: Flow, result: Parsed): Answer {
    if (!result.ok) return fail(f, 400, result.message, result.code);
    return validated(f, result.value);
  }

  function parsedLarge(f: Flow, result: Parsed): Answer {
    if (!result.ok) return fail(f, 400, result.message, result.code);
    return later(f, nextTurn(), () => validated(f, result.value));
  }

  // 7. Validation, then 8. the handler.
  function validated(f: Flow, body: unknown): Answer {
    const { req, q } = f;
    const result = f.op.validate({ path: f.params, query: parseQuery(q === -1 ? '' : req.url.slice(q + 1)), headers: req.headers, body, mediaType: f.mediaType });
    if (!result.ok) {
      const first = result.errors[0]!;
      // Messages that end a sentence themselves (the wording of the spec's rules) get no second full stop.
      const text = /[.!?]$/.test(first.message) ? first.message.slice(0, -1) : first.message;
      const message = result.errors.length === 1 ? `${first.path} ${text}.` : `${first.path} ${text} (and ${result.errors.length - 1} more errors).`;
      const envelope = errorBody(400, message, 'invalid_request', first.path);
      envelope.error.errors = result.errors;
      return finish(f, json(400, envelope));
    }
    const handler = handlers[f.operationId];
    if (!handler) return fail(f, 501, `${f.operationId} is not implemented by this server.`, 'not_implemented');
    const value = result.value as { path: unknown; query: unknown; headers: unknown; body: unknown };
    f.body = value.body;
    const returned = (handler as (input: unknown) => unknown)(new Input(value.path, value.query, value.headers, value.body, f.principal, f.requestId, f.operationId, req));
    return isPromise(returned) ? later(f, returned, answered) : answered(f, returned);
  }

  function answered(f: Flow, output: unknown): Answer {
    const res = toResponse(f.op, output, successFor(f.op, f.body));
    const body = res.body;
    if (body === null || typeof body === 'string' || body instanceof Uint8Array) return finish(f, res);
    // Take the first item before the status is sent, so an early throw is still a proper error response.
    return later(f, primed(body), (g, stream) => {
      res.body = reported(g, stream);
      return finish(g, res);
    });
  }

  /** A stream that fails midway calls `onError` like any handler error; the adapters then end it as an error. */
  async function* reported(f: Flow, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      yield* source;
    } catch (error) {
      report(f, error);
      throw error;
    }
  }

  return {
    run,
    handle: async (req) => run(req),
    lifecycle,
  };
}

/** Bound on the cache of fixed-path matches (a spec has far fewer fixed paths). */
const MAX_FIXED_ROUTES = 4096;

function hasKeys(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

/** Handler errors when no `onError` is given: logged, with the operation and request id to find them by. */
function logError(error: unknown, ctx: RequestContext): void {
  console.error(`[server] ${ctx.operationId} ${ctx.requestId}: handler error`, error);
}

/** Whether the request has a body, from its head (`hasBody` only when neither length header is there, as in HTTP/2). */
function announcesBody(req: NeutralRequest): boolean {
  const declared = req.headers['content-length'];
  if (declared !== undefined) return Number(declared) !== 0;
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return req.hasBody === true;
}

/** A body the pipeline did not read and that is not worth reading to keep the connection (large or of unknown length). */
function unreadBody(req: NeutralRequest): boolean {
  if (!announcesBody(req)) return false;
  const declared = req.headers['content-length'];
  return declared === undefined || !(Number(declared) <= DRAIN_BODY_BYTES);
}

function json(status: number, value: unknown, headers?: Record<string, string>): NeutralResponse {
  return { status, headers: headers ? { 'content-type': 'application/json', ...headers } : { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

/** Paths with dot segments, backslashes, fragments or encoded dots are read as a WHATWG URL parser reads them. */
const UNUSUAL_PATH = /\\|\/\.|#|%2e/i;

/**
 * The path and query to route. A web `Request` has its URL normalised by the platform before the fetch adapter
 * sees it (`/a/../b` is `/b`, `\` is `/`, `#…` is gone), so the node adapter's raw path is read the same way:
 * both adapters then route every request to the same operation.
 */
function routable(url: string): string {
  if (!UNUSUAL_PATH.test(url)) return url;
  try {
    const u = new URL(url, 'http://localhost');
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

