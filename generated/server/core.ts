// Copied by platform-api-codegen from its runtime (templates/server/core.ts). Do not edit: every generation replaces it.
/**
 * The transport-neutral request pipeline. For every request, in this order: header size (431), body size from
 * `content-length` (413), `X-Client-Request-Id` (400), route (404, 405 + `Allow`), bearer authentication (401,
 * 403), rate limit (429), content type (415), body read with the size limit (413) and parse (400), validation
 * (400 with every error), the handler (501 when missing, 500 when it throws, with no internals in the body).
 * Every response carries `x-request-id`, `service-processing-ms` and the config's version header, if any.
 */
import type { RequestInput, ValidationResult } from './validators/runtime.js';
import { ACCESS_TOKENS_REJECTED_BY, VERSION_HEADER } from './brand.js';
import { errorBody, HttpError } from './errors.js';
import { frameEvents, SSE_HEADERS, type SseFraming } from './sse.js';

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
const MAX_CLIENT_REQUEST_ID = 512;

/** A request as the adapters hand it over. Header names are lower case. */
export interface NeutralRequest {
  method: string;
  /** Path and query, e.g. `/v1/embeddings?limit=2`. */
  url: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** Size of the request head (names, values, separators), for the 431 limit. */
  headerBytes: number;
  /** The body, chunk by chunk; read at most once. */
  body: AsyncIterable<Uint8Array> | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /**
   * The whole body when it has already arrived, so the pipeline can take it without streaming; `undefined` when
   * the adapter cannot tell (the pipeline then reads `body`). Optional: adapters that cannot tell leave it out.
   */
  bufferedBody?(): Uint8Array | undefined;
}

export type ResponseBody = Uint8Array | string | AsyncIterable<Uint8Array> | null;

export interface NeutralResponse {
  status: number;
  headers: Record<string, string>;
  body: ResponseBody;
  /** Close the connection after answering (the rest of an oversized body is not read). */
  close?: boolean;
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
  /** Path prefix of the API, e.g. `/v1` (default: the path of the spec's first server URL). */
  basePath?: string;
  /**
   * Operations that refuse workload-identity access tokens (403). Defaults to the codegen config's
   * `accessTokensRejectedBy` (an API's policy stated in prose, not in its spec).
   */
  accessTokensRejectedBy?: readonly string[];
  /** Operations an Admin API key may call (Administration endpoints); admin keys get 403 elsewhere. */
  adminOperations?: readonly string[];
  /** Called with errors thrown by handlers (the client only sees a generic 500). */
  onError?: (error: unknown, ctx: RequestContext) => void;
  /** Request id generator (default `req_` + 32 hex digits). */
  requestId?: () => string;
}

/** What the generated operation table says about one operation. */
export interface OperationMeta {
  operationId: string;
  method: string;
  secured: boolean;
  /** Accepted request media types (lower case) and whether a body is required; absent: no body. */
  body?: {
    required: boolean;
    mediaTypes: Readonly<Record<string, 'json' | 'multipart' | 'form' | 'binary' | 'text'>>;
    maxBytes?: number;
  };
  /** Status and kind of the success response. */
  success: SuccessMeta;
  /** Success contents chosen by the request body (the spec's `x-when`): each field present with a listed value. */
  variants?: readonly (SuccessMeta & { when: Readonly<Record<string, readonly unknown[]>> })[];
  /** SSE framing when the operation can stream (the request selects the `sse` success content). */
  sse?: SseFraming;
  validate: (input: RequestInput) => ValidationResult<unknown>;
  /**
   * Where the credential is when not `Authorization: Bearer <token>` (the spec's securitySchemes): HTTP basic
   * (`authenticate` gets `user:password`), or an API key in a header, the query or a cookie.
   */
  credential?: { kind: 'basic' } | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };
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

export interface SuccessMeta {
  status: number;
  kind: 'json' | 'sse' | 'binary' | 'text' | 'empty';
  mediaType?: string;
}

/** The success content the request selects: the first variant whose fields all match, else the default. */
function successFor(op: OperationMeta, body: unknown): SuccessMeta {
  if (op.variants && body !== null && typeof body === 'object') {
    const fields = body as Record<string, unknown>;
    for (const v of op.variants) {
      let match = true;
      for (const key in v.when)
        if (!Object.hasOwn(fields, key) || !v.when[key]!.includes(fields[key])) match = false;
      if (match) return v;
    }
  }
  return op.success;
}

declare const replyBrand: unique symbol;

/**
 * A response other than the operation's success: `return reply(202, body, headers)`. Branded, so a plain
 * `{ status, body, headers }` object (which could be a legitimate response body) is never taken for one.
 */
export class Reply {
  declare private readonly [replyBrand]: true;
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function reply(status: number, body?: unknown, headers?: Readonly<Record<string, string>>): Reply {
  return new Reply(status, body, headers);
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
}

const encoder = new TextEncoder();

/**
 * `req_` + 32 hex digits. `randomUUID` draws from a pooled random buffer (much cheaper than a fresh fill); its
 * dashes sit at fixed places, so slicing them out is cheaper than a regex replace.
 */
function defaultRequestId(): string {
  const u = crypto.randomUUID();
  return `req_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(14, 18)}${u.slice(19, 23)}${u.slice(24)}`;
}

/** A record without a prototype, so `__proto__` in a query or form is just a key. */
function bag<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function addTo(target: Record<string, unknown>, key: string, value: unknown): void {
  const existing = target[key];
  if (existing === undefined) target[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
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

  constructor(
    path: unknown,
    query: unknown,
    headers: unknown,
    body: unknown,
    principal: Principal | undefined,
    requestId: string,
    operationId: string,
    req: NeutralRequest,
  ) {
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

export function createCoreServer(
  routes: Routes,
  handlers: Readonly<Record<string, AnyHandler | undefined>>,
  options: ServerOptions = {},
): CoreServer {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxOpen = Math.min(
    maxBody,
    options.maxUnauthenticatedBodyBytes ?? DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES,
  );
  const maxDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxStructured = options.maxStructuredBodyBytes ?? DEFAULT_MAX_STRUCTURED_BODY_BYTES;
  const maxContainers = options.maxJsonContainers ?? DEFAULT_MAX_JSON_CONTAINERS;
  const maxParts = options.maxParts ?? DEFAULT_MAX_PARTS;
  const basePath = (options.basePath ?? routes.basePath).replace(/\/+$/, '');
  const noAccessTokens = new Set(options.accessTokensRejectedBy ?? ACCESS_TOKENS_REJECTED_BY);
  const adminOps = new Set(options.adminOperations ?? []);
  const newId = options.requestId ?? defaultRequestId;
  const { authenticate, rateLimit, onError } = options;

  function finish(f: Flow, res: NeutralResponse): NeutralResponse {
    const h = res.headers;
    h['x-request-id'] = f.requestId;
    if (VERSION_HEADER) h[VERSION_HEADER[0]] = VERSION_HEADER[1];
    h['service-processing-ms'] = String(Math.round(performance.now() - f.started));
    const extra = f.extra;
    if (extra) for (const k in extra) h[k] ??= extra[k]!;
    return res;
  }

  function fail(
    f: Flow,
    status: number,
    message: string,
    code: string | null = null,
    param: string | null = null,
    headers?: Record<string, string>,
  ): NeutralResponse {
    return finish(f, json(status, errorBody(status, message, code, param), headers));
  }

  function failClose(f: Flow, status: number, message: string, code: string): NeutralResponse {
    const res = fail(f, status, message, code);
    res.close = true;
    return res;
  }

  function report(f: Flow, error: unknown): void {
    try {
      if (f.ctx) onError?.(error, f.ctx);
    } catch {
      // A failing error hook must not turn a 500 into a crash.
    }
  }

  function failure(f: Flow, error: unknown): NeutralResponse {
    if (
      error instanceof HttpError &&
      Number.isInteger(error.status) &&
      error.status >= 400 &&
      error.status <= 599 &&
      safeHeaders(error.headers)
    ) {
      return fail(f, error.status, error.message, error.code, error.param, { ...error.headers });
    }
    report(
      f,
      error instanceof HttpError
        ? new Error(
            `HttpError with status ${error.status} or its headers cannot be sent (status 400-599, no CR/LF in headers).`,
            { cause: error },
          )
        : error,
    );
    return fail(f, 500, 'The server had an error while processing your request.', 'internal_error');
  }

  /** Continues with `next` once `pending` settles; anything thrown or rejected becomes the error answer. */
  function later<T>(
    f: Flow,
    pending: Promise<T>,
    next: (f: Flow, value: T) => Answer,
  ): Promise<NeutralResponse> {
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
    };
    try {
      return start(f);
    } catch (error) {
      return failure(f, error);
    }
  }

  function start(f: Flow): Answer {
    const req = f.req;
    // 1. Size limits.
    if (req.headerBytes > MAX_HEADER_BYTES)
      return failClose(f, 431, 'Request headers are too large (at most 64 KiB).', 'headers_too_large');
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBody)
      return failClose(f, 413, `Request body is too large (at most ${maxBody} bytes).`, 'body_too_large');
    // 2. Client request id: ASCII, at most 512 characters.
    const clientId = req.headers['x-client-request-id'];
    if (clientId !== undefined && (clientId.length > MAX_CLIENT_REQUEST_ID || !ASCII.test(clientId))) {
      return fail(
        f,
        400,
        'X-Client-Request-Id must be ASCII and at most 512 characters.',
        'invalid_client_request_id',
        'X-Client-Request-Id',
      );
    }
    // 3. Route.
    const url = routable(req.url);
    const q = (f.q = url.indexOf('?'));
    const fullPath = q === -1 ? url : url.slice(0, q);
    if (basePath && fullPath !== basePath && !fullPath.startsWith(`${basePath}/`))
      return fail(f, 404, `No route for ${fullPath}.`, 'not_found');
    const route = routes.match(basePath ? fullPath.slice(basePath.length) : fullPath);
    if (!route) return fail(f, 404, `No route for ${fullPath}.`, 'not_found');
    const method = req.method.toUpperCase();
    const operationId = route.methods[method];
    if (operationId === undefined) {
      const allow = Object.keys(route.methods).join(', ');
      return fail(
        f,
        405,
        `${method} is not allowed on ${fullPath} (allowed: ${allow}).`,
        'method_not_allowed',
        null,
        { allow },
      );
    }
    const op = (f.op = routes.operations[operationId]!);
    f.operationId = operationId;
    const limit = (f.limit = Math.min(op.body?.maxBytes ?? maxBody, op.secured ? maxBody : maxOpen));
    if (declared !== undefined && Number(declared) > limit)
      return failClose(f, 413, `Request body is too large (at most ${limit} bytes).`, 'body_too_large');
    const ctx = (f.ctx = {
      operationId,
      requestId: f.requestId,
      method,
      path: fullPath,
      headers: req.headers,
    });
    const params = (f.params = bag<string>());
    for (const k in route.params) {
      const raw = route.params[k]!;
      try {
        params[k] = decodeURIComponent(raw);
      } catch {
        return fail(f, 400, `Path parameter ${k} is not valid percent-encoding.`, 'invalid_path', k);
      }
    }
    // 4. Authentication.
    if (!op.secured) return limited(f);
    let token: string | undefined;
    if (op.credential) {
      token = credentialOf(req, op.credential);
      if (token === undefined)
        return fail(
          f,
          401,
          `Missing credentials (${describeCredential(op.credential)}).`,
          'missing_credentials',
          null,
          op.credential.kind === 'basic' ? { 'www-authenticate': 'Basic' } : undefined,
        );
    } else {
      const auth = req.headers.authorization;
      const m = auth === undefined ? null : BEARER.exec(auth);
      if (!m)
        return fail(
          f,
          401,
          'Missing bearer credentials (Authorization: Bearer <key>).',
          'missing_credentials',
          null,
          { 'www-authenticate': 'Bearer' },
        );
      token = m[1]!;
    }
    const found = authenticate?.(token, ctx);
    return isPromise(found) ? later(f, found, authenticated) : authenticated(f, found);
  }

  function authenticated(f: Flow, principal: Principal | undefined): Answer {
    if (!principal)
      return fail(f, 401, 'Invalid credentials.', 'invalid_credentials', null, {
        'www-authenticate': 'Bearer',
      });
    if (principal.kind === 'access_token' && noAccessTokens.has(f.operationId))
      return fail(f, 403, `Access tokens are not accepted by ${f.operationId}.`, 'access_token_not_allowed');
    if (principal.kind === 'admin_key' && !adminOps.has(f.operationId))
      return fail(
        f,
        403,
        `Admin API keys are only accepted by Administration endpoints.`,
        'admin_key_not_allowed',
      );
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
      const retry: Record<string, string> =
        typeof seconds === 'number' && Number.isFinite(seconds)
          ? { 'retry-after': String(Math.max(0, Math.ceil(seconds))) }
          : {};
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
    if (!f.op.body) return validated(f, undefined);
    const { mediaType } = f;
    const kind = mediaType === undefined ? undefined : f.op.body.mediaTypes[mediaType];
    // JSON nesting is counted as the bytes arrive, so a body of 16 M brackets stops at the limit, not after parsing.
    const depth = kind === 'json' ? new DepthScan(maxDepth, maxContainers) : undefined;
    if (kind !== undefined && kind !== 'multipart' && kind !== 'binary')
      f.limit = Math.min(f.limit, maxStructured);
    const whole = f.req.bufferedBody?.();
    if (whole !== undefined)
      return bodyRead(
        f,
        whole.length > f.limit ? 'too_large' : depth && !depth.feed(whole) ? depth.exceeded! : whole,
      );
    return later(f, readBody(f.req.body, f.limit, depth), bodyRead);
  }

  function bodyRead(f: Flow, bytes: Uint8Array | 'too_large' | 'too_deep' | 'too_complex'): Answer {
    if (bytes === 'too_large')
      return failClose(f, 413, `Request body is too large (at most ${f.limit} bytes).`, 'body_too_large');
    if (bytes === 'too_deep')
      return failClose(
        f,
        400,
        `The request body is nested too deeply (at most ${maxDepth} levels).`,
        'too_deep',
      );
    if (bytes === 'too_complex')
      return failClose(
        f,
        400,
        `The request body has too many arrays and objects (at most ${maxContainers}).`,
        'too_complex',
      );
    const { mediaType } = f;
    const media = f.op.body!.mediaTypes;
    const kind = mediaType === undefined ? undefined : media[mediaType];
    if (bytes.length === 0 && (mediaType === undefined || kind !== 'multipart'))
      return validated(f, undefined);
    if (kind === undefined)
      return fail(
        f,
        415,
        `Content-Type must be ${Object.keys(media).join(' or ')}.`,
        'unsupported_media_type',
        'Content-Type',
      );
    if ((kind === 'multipart' || kind === 'form') && countParts(bytes, kind, f.contentType!) > maxParts) {
      return fail(
        f,
        400,
        `The request body has too many ${kind === 'form' ? 'fields' : 'parts'} (at most ${maxParts}).`,
        'too_many_parts',
      );
    }
    // A large body is decoded, parsed and validated in separate turns of the event loop, so other requests are
    // answered between those steps instead of after all of them (load under attack stays bounded).
    if (bytes.length > LARGE_BODY_BYTES)
      return later(
        f,
        nextTurn().then(() => parseBody(bytes, kind, f.contentType!)),
        parsedLarge,
      );
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
    const result = f.op.validate({
      path: f.params,
      query: parseQuery(q === -1 ? '' : req.url.slice(q + 1)),
      headers: req.headers,
      body,
      mediaType: f.mediaType,
    });
    if (!result.ok) {
      const first = result.errors[0]!;
      // Messages that end a sentence themselves (the wording of the spec's rules) get no second full stop.
      const text = /[.!?]$/.test(first.message) ? first.message.slice(0, -1) : first.message;
      const message =
        result.errors.length === 1
          ? `${first.path} ${text}.`
          : `${first.path} ${text} (and ${result.errors.length - 1} more errors).`;
      const envelope = errorBody(400, message, 'invalid_request', first.path);
      envelope.error.errors = result.errors;
      return finish(f, json(400, envelope));
    }
    const handler = handlers[f.operationId];
    if (!handler)
      return fail(f, 501, `${f.operationId} is not implemented by this server.`, 'not_implemented');
    const value = result.value as { path: unknown; query: unknown; headers: unknown; body: unknown };
    f.body = value.body;
    const returned = (handler as (input: unknown) => unknown)(
      new Input(
        value.path,
        value.query,
        value.headers,
        value.body,
        f.principal,
        f.requestId,
        f.operationId,
        req,
      ),
    );
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
  };
}

function json(status: number, value: unknown, headers?: Record<string, string>): NeutralResponse {
  return {
    status,
    headers: headers
      ? { 'content-type': 'application/json', ...headers }
      : { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}

/**
 * Counts JSON nesting over raw bytes, chunk by chunk (strings and escapes skipped), so the limit holds before
 * `JSON.parse` sees the body. Malformed JSON is left to the parser.
 */
class DepthScan {
  depth = 0;
  containers = 0;
  inString = false;
  escaped = false;
  /** Which limit was passed, once `feed` returned false. */
  exceeded: 'too_deep' | 'too_complex' | undefined;
  readonly max: number;
  readonly maxContainers: number;
  constructor(max: number, maxContainers: number) {
    this.max = max;
    this.maxContainers = maxContainers;
  }
  /** False once the nesting or the number of arrays and objects went past its limit. */
  feed(bytes: Uint8Array): boolean {
    let { depth, inString, escaped, containers } = this;
    const max = this.max;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) inString = false;
      } else if (b === 0x22) inString = true;
      else if (b === 0x5b || b === 0x7b) {
        if (++depth > max) return !(this.exceeded = 'too_deep');
        if (++containers > this.maxContainers) return !(this.exceeded = 'too_complex');
      } else if (b === 0x5d || b === 0x7d) depth--;
    }
    this.containers = containers;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/** Parts of a multipart body (boundary delimiters) or fields of a form (`&`-separated), counted without parsing. */
function countParts(bytes: Uint8Array, kind: 'multipart' | 'form', contentType: string): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'form') {
    let n = 1;
    for (let at = buf.indexOf(0x26); at !== -1; at = buf.indexOf(0x26, at + 1)) n++;
    return n;
  }
  const boundary = boundaryOf(contentType);
  if (!boundary) return 0;
  const delimiter = Buffer.from(`--${boundary}`);
  let n = -1; // the closing delimiter starts no part
  for (let at = buf.indexOf(delimiter); at !== -1; at = buf.indexOf(delimiter, at + delimiter.length)) n++;
  return n;
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

async function readBody(
  source: AsyncIterable<Uint8Array> | null,
  limit: number,
  depth: DepthScan | undefined,
): Promise<Uint8Array | 'too_large' | 'too_deep' | 'too_complex'> {
  if (!source) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > limit) return 'too_large';
    if (depth && !depth.feed(chunk)) return depth.exceeded!;
    chunks.push(chunk);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string; code: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `await` costs a turn of the microtask queue even for plain values; awaiting only real promises keeps the
 * synchronous hooks and handlers (the common case) on the fast path.
 */
function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function parseBody(
  bytes: Uint8Array,
  kind: 'json' | 'multipart' | 'form' | 'binary' | 'text',
  contentType: string,
): Parsed | Promise<Parsed> {
  switch (kind) {
    case 'json': {
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        return { ok: false, message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' };
      }
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, message: 'The request body is not valid JSON.', code: 'invalid_json' };
      }
    }
    case 'multipart':
      return parseMultipart(bytes, contentType);
    case 'form':
      return parseForm(bytes, contentType);
    case 'text':
      try {
        return { ok: true, value: utf8.decode(bytes) };
      } catch {
        return { ok: false, message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' };
      }
    case 'binary':
      return { ok: true, value: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }) };
  }
}

const NO_QUERY: Readonly<Record<string, string | string[]>> = Object.freeze(bag<string | string[]>());

const INVALID_MULTIPART: Parsed = {
  ok: false,
  message: 'The multipart body could not be parsed (malformed or truncated).',
  code: 'invalid_multipart',
};
const CRLF2 = Buffer.from('\r\n\r\n');
const YIELD_EVERY_BYTES = 2 * 1024 * 1024;
/** Bodies above this size are parsed and validated in turns of their own (see `bodyRead`). */
const LARGE_BODY_BYTES = 64 * 1024;

/** Resolves on a later turn of the event loop, after pending I/O (setImmediate where it exists: Node, Bun, Deno). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}
const lenient = new TextDecoder('utf-8');

function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** A parameter of a `Content-Disposition` header (`name="image[]"`), quoted or not. */
function dispositionParam(header: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim();
}

/**
 * multipart/form-data (RFC 7578) over the whole body with native `indexOf` searches: files become `File`s (a
 * copy of their bytes), other parts UTF-8 strings. Much cheaper than the platform's `FormData` parser on large
 * bodies, which blocks the event loop for a hundred milliseconds and more on 32 MiB.
 */
async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<Parsed> {
  const boundary = boundaryOf(contentType);
  if (!boundary) return INVALID_MULTIPART;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const fields = bag<unknown>();
  let at = buf.indexOf(delimiter);
  if (at === -1) return INVALID_MULTIPART;
  let since = at;
  for (;;) {
    // Other requests get a turn every 2 MiB, so one large upload does not hold the event loop for its whole parse.
    if (at - since > YIELD_EVERY_BYTES) {
      since = at;
      await new Promise((resolve) => setImmediate(resolve));
    }
    let pos = at + delimiter.length;
    if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) return { ok: true, value: fields };
    if (buf[pos] !== 0x0d || buf[pos + 1] !== 0x0a) return INVALID_MULTIPART;
    pos += 2;
    const headEnd = buf.indexOf(CRLF2, pos);
    if (headEnd === -1) return INVALID_MULTIPART;
    let disposition: string | undefined;
    let type: string | undefined;
    for (const line of buf.toString('utf8', pos, headEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === 'content-disposition') disposition = line.slice(colon + 1).trim();
      else if (name === 'content-type') type = line.slice(colon + 1).trim();
    }
    const end = buf.indexOf(next, headEnd + 4);
    if (end === -1 || disposition === undefined || !/^form-data\b/i.test(disposition))
      return INVALID_MULTIPART;
    const name = dispositionParam(disposition, 'name');
    if (name === undefined) return INVALID_MULTIPART;
    const filename = dispositionParam(disposition, 'filename');
    const data = buf.subarray(headEnd + 4, end);
    addTo(
      fields,
      name,
      filename !== undefined
        ? new File([data as Uint8Array<ArrayBuffer>], filename, { type: type ?? 'application/octet-stream' })
        : lenient.decode(data),
    );
    at = end + 2;
  }
}

async function parseForm(bytes: Uint8Array, contentType: string): Promise<Parsed> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    return {
      ok: false,
      message: 'The multipart body could not be parsed (malformed or truncated).',
      code: 'invalid_multipart',
    };
  }
  const fields = bag<unknown>();
  // Field names stay as sent: the spec names repeated fields with their brackets (`image[]`, `include[]`).
  form.forEach((value, key) => addTo(fields, key, value));
  return { ok: true, value: fields };
}

function parseQuery(search: string): Readonly<Record<string, string | string[]>> {
  if (!search) return NO_QUERY;
  const out = bag<string | string[]>();
  for (const [k, v] of new URLSearchParams(search)) addTo(out, k, v);
  return out;
}

function isAsyncIterable(v: unknown): v is AsyncIterable<unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

async function* streamOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function binary(body: unknown): ResponseBody {
  if (body instanceof Uint8Array || typeof body === 'string') return body;
  if (body instanceof Blob) return streamOf(body.stream());
  if (body instanceof ReadableStream) return streamOf(body as ReadableStream<Uint8Array>);
  if (isAsyncIterable(body)) return body as AsyncIterable<Uint8Array>;
  return encoder.encode(JSON.stringify(body));
}

/** Header names HTTP allows (tokens) and values without CR, LF or NUL: what both adapters can send. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const BAD_VALUE = /[\r\n\0]/;

function safeHeaders(headers: Readonly<Record<string, string>>): boolean {
  for (const k in headers) if (!TOKEN.test(k) || BAD_VALUE.test(String(headers[k]))) return false;
  return true;
}

/** Statuses that never carry a body (RFC 9110): a handler's body with them is an error, not silently dropped. */
const NO_BODY = new Set([204, 205, 304]);

/**
 * The stream with its first item already taken (so a throw before the first item rejects here, before any status is
 * sent); the rest follows unchanged.
 */
async function primed(source: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    [Symbol.asyncIterator]() {
      let pending: IteratorResult<Uint8Array> | undefined = first;
      return {
        next: () => {
          if (pending) {
            const head = pending;
            pending = undefined;
            return Promise.resolve(head);
          }
          return iterator.next();
        },
        return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
      };
    },
  };
}

/**
 * The wire response for a handler's value. The success content the request selected decides the kind (`x-when`):
 * SSE frames events, binary sends bytes, whatever the JavaScript type of the value; a stream for a request that
 * did not ask for one, a function, or a status that cannot carry the body is a handler error (500, `onError`).
 * `undefined` where the spec describes no content answers the success status with no body; where it describes
 * one, returning nothing is a handler error too.
 */
function toResponse(op: OperationMeta, output: unknown, success: SuccessMeta): NeutralResponse {
  const isReply = output instanceof Reply;
  const status = isReply ? output.status : success.status;
  const headers: Record<string, string> = isReply ? { ...output.headers } : {};
  const value = isReply ? output.body : output;
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new Error(`${op.operationId}: reply status ${status} is not a final HTTP status (200-599).`);
  if (!safeHeaders(headers))
    throw new Error(`${op.operationId}: a reply header has an invalid name or a CR, LF or NUL in its value.`);
  if (typeof value === 'function' || typeof value === 'symbol')
    throw new Error(`${op.operationId}: the handler returned a ${typeof value}, not a response body.`);
  if (value === undefined || value === null) {
    if (value === undefined && !isReply && success.kind !== 'empty')
      throw new Error(
        `${op.operationId}: the handler returned nothing, but the spec describes a ${success.kind} response body.`,
      );
    return { status, headers, body: null };
  }
  if (NO_BODY.has(status)) throw new Error(`${op.operationId}: status ${status} cannot carry a body.`);
  const own = !isReply || status === success.status;
  // Without an `x-when` for its SSE content, an operation streams when the handler returns an async iterable.
  const streams =
    success.kind === 'sse' ||
    (op.sse !== undefined &&
      !op.variants?.some((v) => v.kind === 'sse') &&
      isAsyncIterable(value) &&
      success.kind !== 'binary');
  // A whole JSON body for a stream request stays allowed (e.g. a cached answer); an iterable always frames events.
  if (own && streams && op.sse && isAsyncIterable(value)) {
    return { status, headers: { ...SSE_HEADERS, ...headers }, body: frameEvents(value, op.sse) };
  }
  if (own && success.kind === 'binary') {
    headers['content-type'] ??=
      value instanceof Blob && value.type ? value.type : (success.mediaType ?? 'application/octet-stream');
    return { status, headers, body: binary(value) };
  }
  if (isAsyncIterable(value) || value instanceof ReadableStream)
    throw new Error(
      `${op.operationId}: the handler returned a stream for a request that did not ask to stream.`,
    );
  if (typeof value === 'string' && success.kind === 'text') {
    headers['content-type'] ??= `${success.mediaType ?? 'text/plain'}; charset=utf-8`;
    return { status, headers, body: value };
  }
  headers['content-type'] ??= 'application/json';
  return { status, headers, body: JSON.stringify(value) };
}

/** The credential where the operation's security scheme puts it, or undefined when absent. */
function credentialOf(
  req: { url: string; headers: Record<string, string | string[] | undefined> },
  c: NonNullable<OperationMeta['credential']>,
): string | undefined {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  if (c.kind === 'basic') {
    const m = /^Basic +(\S+) *$/i.exec(header('authorization') ?? '');
    if (!m) return undefined;
    try {
      // atob, not Buffer: the fetch adapter runs where Node's Buffer is absent.
      return new TextDecoder().decode(Uint8Array.from(atob(m[1]!), (ch) => ch.charCodeAt(0)));
    } catch {
      return undefined;
    }
  }
  if (c.in === 'header') return header(c.name.toLowerCase()) || undefined;
  if (c.in === 'query') {
    const q = req.url.indexOf('?');
    return q === -1 ? undefined : (new URLSearchParams(req.url.slice(q + 1)).get(c.name) ?? undefined);
  }
  for (const part of (header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === c.name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function describeCredential(c: NonNullable<OperationMeta['credential']>): string {
  return c.kind === 'basic'
    ? 'Authorization: Basic <user:password>'
    : c.in === 'header'
      ? `${c.name} header`
      : c.in === 'query'
        ? `${c.name} query parameter`
        : `${c.name} cookie`;
}
