/**
 * The transport-neutral request pipeline. For every request, in this order: header size (431), body size from
 * `content-length` (413), `X-Client-Request-Id` (400), route (404, 405 + `Allow`), bearer authentication (401,
 * 403), rate limit (429), content type (415), body read with the size limit (413) and parse (400), validation
 * (400 with every error), the handler (501 when missing, 500 when it throws, with no internals in the body).
 * Every response carries `x-request-id`, `service-processing-ms` and the config's version header, if any.
 */
import type { RequestInput, ValidationResult } from '../validators/runtime.js';
import { ACCESS_TOKENS_REJECTED_BY, VERSION_HEADER } from './brand.js';
import { errorBody, HttpError } from './errors.js';
import { frameEvents, SSE_HEADERS, type SseFraming } from './sse.js';

export const MAX_HEADER_BYTES = 64 * 1024;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
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
  rateLimit?: (ctx: RequestContext & { principal: Principal | undefined }) => Awaitable<RateLimitDecision | undefined>;
  /** Body size limit in bytes (413 above it). Default 32 MiB. */
  maxBodyBytes?: number;
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
  body?: { required: boolean; mediaTypes: Readonly<Record<string, 'json' | 'multipart' | 'form' | 'binary' | 'text'>> };
  /** Status and kind of the success response. */
  success: SuccessMeta;
  /** Success contents chosen by the request body (the spec's `x-when`): each field present with a listed value. */
  variants?: readonly (SuccessMeta & { when: Readonly<Record<string, readonly unknown[]>> })[];
  /** SSE framing when the operation can stream (chosen when the handler returns an async iterable). */
  sse?: SseFraming;
  validate: (input: RequestInput) => ValidationResult<unknown>;
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
      for (const key in v.when) if (!Object.hasOwn(fields, key) || !v.when[key]!.includes(fields[key])) match = false;
      if (match) return v;
    }
  }
  return op.success;
}

/** A response other than the operation's success: `return reply(202, body, headers)`. */
export class Reply {
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

export function createCoreServer(routes: Routes, handlers: Readonly<Record<string, AnyHandler | undefined>>, options: ServerOptions = {}): CoreServer {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
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

  function fail(f: Flow, status: number, message: string, code: string | null = null, param: string | null = null, headers?: Record<string, string>): NeutralResponse {
    return finish(f, json(status, errorBody(status, message, code, param), headers));
  }

  function failClose(f: Flow, status: number, message: string, code: string): NeutralResponse {
    const res = fail(f, status, message, code);
    res.close = true;
    return res;
  }

  function failure(f: Flow, error: unknown): NeutralResponse {
    if (error instanceof HttpError) return fail(f, error.status, error.message, error.code, error.param, { ...error.headers });
    try {
      if (f.ctx) onError?.(error, f.ctx);
    } catch {
      // A failing error hook must not turn a 500 into a crash.
    }
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
    if (req.headerBytes > MAX_HEADER_BYTES) return failClose(f, 431, 'Request headers are too large (at most 64 KiB).', 'headers_too_large');
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBody) return failClose(f, 413, `Request body is too large (at most ${maxBody} bytes).`, 'body_too_large');
    // 2. Client request id: ASCII, at most 512 characters.
    const clientId = req.headers['x-client-request-id'];
    if (clientId !== undefined && (clientId.length > MAX_CLIENT_REQUEST_ID || !ASCII.test(clientId))) {
      return fail(f, 400, 'X-Client-Request-Id must be ASCII and at most 512 characters.', 'invalid_client_request_id', 'X-Client-Request-Id');
    }
    // 3. Route.
    const url = req.url;
    const q = (f.q = url.indexOf('?'));
    const fullPath = q === -1 ? url : url.slice(0, q);
    if (basePath && fullPath !== basePath && !fullPath.startsWith(`${basePath}/`)) return fail(f, 404, `No route for ${fullPath}.`, 'not_found');
    const route = routes.match(basePath ? fullPath.slice(basePath.length) : fullPath);
    if (!route) return fail(f, 404, `No route for ${fullPath}.`, 'not_found');
    const method = req.method.toUpperCase();
    const operationId = route.methods[method];
    if (operationId === undefined) {
      const allow = Object.keys(route.methods).join(', ');
      return fail(f, 405, `${method} is not allowed on ${fullPath} (allowed: ${allow}).`, 'method_not_allowed', null, { allow });
    }
    const op = (f.op = routes.operations[operationId]!);
    f.operationId = operationId;
    const ctx = (f.ctx = { operationId, requestId: f.requestId, method, path: fullPath, headers: req.headers });
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
    const auth = req.headers.authorization;
    const m = auth === undefined ? null : BEARER.exec(auth);
    if (!m) return fail(f, 401, 'Missing bearer credentials (Authorization: Bearer <key>).', 'missing_credentials', null, { 'www-authenticate': 'Bearer' });
    const found = authenticate?.(m[1]!, ctx);
    return isPromise(found) ? later(f, found, authenticated) : authenticated(f, found);
  }

  function authenticated(f: Flow, principal: Principal | undefined): Answer {
    if (!principal) return fail(f, 401, 'Invalid credentials.', 'invalid_credentials', null, { 'www-authenticate': 'Bearer' });
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
      const retry: Record<string, string> = decision.retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.max(0, Math.ceil(decision.retryAfterSeconds))) };
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
    const whole = f.req.bufferedBody?.();
    if (whole !== undefined) return bodyRead(f, whole.length > maxBody ? 'too_large' : whole);
    return later(f, readBody(f.req.body, maxBody), bodyRead);
  }

  function bodyRead(f: Flow, bytes: Uint8Array | 'too_large'): Answer {
    if (bytes === 'too_large') return failClose(f, 413, `Request body is too large (at most ${maxBody} bytes).`, 'body_too_large');
    const { mediaType } = f;
    const media = f.op.body!.mediaTypes;
    const kind = mediaType === undefined ? undefined : media[mediaType];
    if (bytes.length === 0 && (mediaType === undefined || kind !== 'multipart')) return validated(f, undefined);
    if (kind === undefined) return fail(f, 415, `Content-Type must be ${Object.keys(media).join(' or ')}.`, 'unsupported_media_type', 'Content-Type');
    const parsing = parseBody(bytes, kind, f.contentType!);
    return isPromise(parsing) ? later(f, parsing, parsed) : parsed(f, parsing);
  }

  function parsed(f: Flow, result: Parsed): Answer {
    if (!result.ok) return fail(f, 400, result.message, result.code);
    return validated(f, result.value);
  }

  // 7. Validation, then 8. the handler.
  function validated(f: Flow, body: unknown): Answer {
    const { req, q } = f;
    const result = f.op.validate({ path: f.params, query: parseQuery(q === -1 ? '' : req.url.slice(q + 1)), headers: req.headers, body, mediaType: f.mediaType });
    if (!result.ok) {
      const first = result.errors[0]!;
      // Messages that end a sentence themselves (the seeds' wording of rules) get no second full stop.
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

  function answered(f: Flow, output: unknown): NeutralResponse {
    return finish(f, toResponse(f.op, output, successFor(f.op, f.body)));
  }

  return {
    run,
    handle: async (req) => run(req),
  };
}

function json(status: number, value: unknown, headers?: Record<string, string>): NeutralResponse {
  return { status, headers: headers ? { 'content-type': 'application/json', ...headers } : { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

async function readBody(source: AsyncIterable<Uint8Array> | null, limit: number): Promise<Uint8Array | 'too_large'> {
  if (!source) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > limit) return 'too_large';
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

function parseBody(bytes: Uint8Array, kind: 'json' | 'multipart' | 'form' | 'binary' | 'text', contentType: string): Parsed | Promise<Parsed> {
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

async function parseForm(bytes: Uint8Array, contentType: string): Promise<Parsed> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { ok: false, message: 'The multipart body could not be parsed (malformed or truncated).', code: 'invalid_multipart' };
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
  return typeof v === 'object' && v !== null && typeof (v as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
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

function toResponse(op: OperationMeta, output: unknown, success: SuccessMeta): NeutralResponse {
  const status = output instanceof Reply ? output.status : success.status;
  const headers: Record<string, string> = output instanceof Reply ? { ...output.headers } : {};
  const value = output instanceof Reply ? output.body : output;
  if (value === undefined || status === 204) return { status, headers, body: null };
  if (op.sse && isAsyncIterable(value) && !(value instanceof Uint8Array)) {
    return { status, headers: { ...SSE_HEADERS, ...headers }, body: frameEvents(value, op.sse) };
  }
  if (success.kind === 'binary' && !(output instanceof Reply && status !== success.status)) {
    headers['content-type'] ??= value instanceof Blob && value.type ? value.type : (success.mediaType ?? 'application/octet-stream');
    return { status, headers, body: binary(value) };
  }
  if (typeof value === 'string' && success.kind === 'text') {
    headers['content-type'] ??= `${success.mediaType ?? 'text/plain'}; charset=utf-8`;
    return { status, headers, body: value };
  }
  headers['content-type'] ??= 'application/json';
  return { status, headers, body: JSON.stringify(value) };
}
