/**
 * The request engine every generated resource calls: builds the URL, headers and body of an operation, sends it with
 * a per-attempt timeout, retries by the API's documented rules, and turns the response into typed data.
 */
import { APIPromise, type RawResult } from './api-promise.js';
import { APIConnectionError, APIError, APIRedirectError, APITimeoutError, APIUserAbortError, excerpt, ClientError } from './errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES, MAX_ERROR_BODY_BYTES, readText, withIdleTimeout } from './limits.js';
import { selectResponse, type CallArgs, type OperationSpec, type ResponseSpec } from './operation.js';
import type { ApiKeySource, ClientOptions, Fetch, HeadersLike, RequestOptions } from './options.js';
import { Page, PagePromise } from './pagination.js';
import { isRetryableStatus, needsUserAction, retryDelay, systemClock, type Clock } from './retry.js';
import { CLIENT_NAME, DEFAULT_HEADERS, ENV_PREFIX, IDEMPOTENCY_HEADER, ORGANIZATION_HEADER, PROJECT_HEADER } from './brand.js';
import { isBrowser } from './browser.js';
import { mayHaveBeenSent } from './connection.js';
import { clearDeadline, setDeadline } from './deadlines.js';
import { CancellableDispatch, cancelsThroughDispatcher } from './dispatch-cancel.js';
import { followRedirects, isRedirect } from './redirects.js';
import { env, pickServer, serverURL } from './servers.js';
import { Stream } from './stream.js';
import { containsUploadable, toFormData } from './uploads.js';

const DEFAULT_TIMEOUT = 10 * 60_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_TIME = 2 * 60_000;
/** Methods whose repetition may apply twice (RFC 9110 §9.2.2): a connection failure after sending is not retried blindly. */
const NON_IDEMPOTENT: ReadonlySet<string> = new Set(['POST', 'PATCH']);

type Query = Record<string, unknown>;

const NO_OPTIONS: RequestOptions = Object.freeze({});
const NO_PATH: Record<string, string> = Object.freeze({});
const NO_QUERY: Query = Object.freeze({});
const NO_PARAMS = Object.freeze({ body: undefined, query: NO_QUERY });

/** Each operation's path template split once into literal text and parameter names: `[text, name, text, ...]`. */
const pathCache = new WeakMap<OperationSpec, readonly string[]>();

function pathParts(op: OperationSpec): readonly string[] {
  let parts = pathCache.get(op);
  if (parts === undefined) {
    parts = op.path.split(/\{([^}]+)\}/);
    pathCache.set(op, parts);
  }
  return parts;
}

function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

function withJsonType(headers: HeaderBag): void {
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
}

export class ClientBase {
  readonly baseURL: string;
  readonly organization: string | null;
  readonly project: string | null;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly maxRetryTime: number;
  readonly webhookSecret: string | undefined;
  /** Header carrying the idempotency key of POST and PATCH requests; none when null. */
  readonly idempotencyHeader: string | null;
  protected readonly apiKey: ApiKeySource | null;
  private readonly fetch: Fetch;
  private readonly options: Omit<ClientOptions, 'apiKey'>;
  private readonly clock: Clock;
  private readonly headerCache = new Map<string, Record<string, string>>();

  /** `apiKey: null` makes a client without a credential (for operations that need none). */
  constructor(options: Omit<ClientOptions, 'apiKey'> & { apiKey?: ApiKeySource | null }, defaultBaseURL: string) {
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ClientError(`${CLIENT_NAME} refuses to run in a browser, where its API key would be visible to every visitor; pass \`dangerouslyAllowBrowser: true\` if the key is meant to be public or a proxy replaces it.`);
    }
    const apiKey = options.apiKey === undefined ? env(`${ENV_PREFIX}API_KEY`) : options.apiKey;
    if (apiKey === undefined || apiKey === '') {
      throw new ClientError(`Missing API key: pass \`apiKey\` to the client or set the ${ENV_PREFIX}API_KEY environment variable (or pass \`apiKey: null\` for operations that need no credential).`);
    }
    this.apiKey = apiKey;
    this.baseURL = (options.baseURL ?? env(`${ENV_PREFIX}BASE_URL`) ?? defaultBaseURL).replace(/\/+$/, '');
    // The environment is read only for a header the API has: an API without one never picks up a stray variable.
    this.organization = options.organization === undefined ? (ORGANIZATION_HEADER === null ? null : env(`${ENV_PREFIX}ORG_ID`) ?? null) : options.organization;
    this.project = options.project === undefined ? (PROJECT_HEADER === null ? null : env(`${ENV_PREFIX}PROJECT_ID`) ?? null) : options.project;
    this.maxRetries = validCount('maxRetries', options.maxRetries, DEFAULT_MAX_RETRIES);
    this.timeout = validCount('timeout', options.timeout, DEFAULT_TIMEOUT);
    this.maxRetryTime = validCount('maxRetryTime', options.maxRetryTime, DEFAULT_MAX_RETRY_TIME);
    for (const name of ['idleTimeout', 'maxResponseSize', 'maxLineLength'] as const) validCount(name, options[name], 0);
    this.webhookSecret = options.webhookSecret ?? env(`${ENV_PREFIX}WEBHOOK_SECRET`);
    this.clock = options.clock ?? systemClock;
    this.idempotencyHeader = options.idempotencyHeader === undefined ? IDEMPOTENCY_HEADER : options.idempotencyHeader;
    if (this.idempotencyHeader !== null && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(this.idempotencyHeader)) {
      throw new ClientError(`idempotencyHeader must be a header name, got ${JSON.stringify(this.idempotencyHeader)}.`);
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new ClientError('No global fetch: pass `fetch` to the client.');
    this.fetch = fetchImpl;
    const { apiKey: _key, ...rest } = options;
    this.options = rest;
  }

  /** Calls one operation. */
  call<T>(op: OperationSpec, args: CallArgs, options: RequestOptions = NO_OPTIONS): APIPromise<T> {
    const { body, query } = splitParams(op, args.params);
    const response = selectResponse(op, body);
    return new APIPromise<T>(this.send(op, args.path ?? NO_PATH, query, body, response, options), (r) => parseResult(r, response, options.maxLineLength ?? this.options.maxLineLength) as T);
  }

  /** Calls a paged list (`op.paging`, any style): the result is the first page, and iterates every item. */
  list<Item, Body>(op: OperationSpec, args: CallArgs, options: RequestOptions = NO_OPTIONS): PagePromise<Item, Body> {
    const paging = op.paging;
    if (!paging) throw new ClientError(`${op.id} is not a paged list.`);
    const { body, query } = splitParams(op, args.params);
    const response = selectResponse(op, body);
    const fetchPage = (next: Query) => this.list<Item, Body>(op, { path: args.path, params: { ...((args.params as object | undefined) ?? {}), ...next } }, options);
    return new PagePromise<Item, Body>(this.send(op, args.path ?? NO_PATH, query, body, response, options), (r) => new Page<Item, Body>(parseJson(r) as Body, query, paging, fetchPage, r.response.headers.get('link')));
  }

  private async send(op: OperationSpec, pathParams: Record<string, string>, query: Query, body: unknown, expected: ResponseSpec, options: RequestOptions): Promise<RawResult> {
    if (op.credential?.kind === 'apiKey' && op.credential.in === 'query' && op.auth !== false) {
      const key = typeof this.apiKey === 'function' ? await this.apiKey() : this.apiKey;
      if (!key) throw new ClientError(`${op.id} needs a credential, but the client has no API key.`);
      query = { ...query, [op.credential.name]: key };
    }
    const url = this.url(op, pathParams, query, body, options);
    let headers: Record<string, string>;
    let init: BodyInit | undefined;
    if (op.body === 'json' || op.body === undefined || body === undefined) {
      const json = body !== undefined && op.body !== undefined;
      // The common case (no per-request headers, a fixed key) reuses the headers computed once for this shape.
      if (options.headers === undefined && options.clientRequestId === undefined && typeof this.apiKey !== 'function') headers = { ...this.sharedHeaders(op, expected, json) };
      else {
        const bag = this.headers(op, expected, options, typeof this.apiKey === 'function' ? await this.apiKey() : this.apiKey);
        if (json) withJsonType(bag);
        headers = bag.record();
      }
      init = json ? JSON.stringify(body) : undefined;
    } else {
      const bag = this.headers(op, expected, options, typeof this.apiKey === 'function' ? await this.apiKey() : this.apiKey);
      init = await this.body(op, body, bag);
      headers = bag.record();
    }
    const maxRetries = options.maxRetries === undefined ? this.maxRetries : validCount('maxRetries', options.maxRetries, this.maxRetries);
    const timeout = options.timeout === undefined ? this.timeout : validCount('timeout', options.timeout, this.timeout);
    const idleTimeout = validCount('idleTimeout', options.idleTimeout ?? this.options.idleTimeout, timeout);
    const maxSize = validCount('maxResponseSize', options.maxResponseSize ?? this.options.maxResponseSize, DEFAULT_MAX_RESPONSE_BYTES);
    const fetchImpl = options.fetch ?? this.fetch;
    const extraInit = this.options.fetchOptions || options.fetchOptions ? { ...this.options.fetchOptions, ...options.fetchOptions } : undefined;
    const buffered = expected.kind !== 'sse' && expected.kind !== 'binary';
    const safeToResend = !NON_IDEMPOTENT.has(op.method) || this.idempotencyKey(headers, options) || (options.retryNonIdempotent ?? this.options.retryNonIdempotent) === true;
    const deadline = this.clock.now() + this.maxRetryTime;
    const signal = options.signal;
    // On Node's own fetch, the timeout and the caller's signal cancel a buffered call through the attempt's
    // dispatcher: a signal handed to fetch costs Node's fetch about 10 µs per request (see dispatch-cancel.ts).
    const viaDispatcher = (timeout > 0 || signal !== undefined) && buffered && extraInit?.signal == null && cancelsThroughDispatcher(fetchImpl);
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw new APIUserAbortError();
      // Otherwise one controller and timer per attempt: fetch can only be cancelled through a signal given when it
      // starts. With `timeout: 0` (no timeout), no caller signal and a buffered body nothing can cancel the request,
      // so it gets no signal at all.
      const controller = !viaDispatcher && (timeout > 0 || signal || !buffered) ? new AbortController() : undefined;
      const dispatcher = viaDispatcher ? new CancellableDispatch(extraInit?.dispatcher as ConstructorParameters<typeof CancellableDispatch>[0]) : undefined;
      const onAbort =
        signal && (controller || dispatcher) && (() => (controller ? controller.abort() : dispatcher!.cancel(new DOMException('This operation was aborted', 'AbortError'))));
      if (onAbort) signal.addEventListener('abort', onAbort, { once: true });
      let timedOut = false;
      const onTimeout = () => {
        timedOut = true;
        if (dispatcher) dispatcher.cancel(new DOMException('The operation timed out.', 'TimeoutError'));
        else controller!.abort();
      };
      // On Node's fetch the deadline shares a timer with the other attempts (deadlines.ts); the connection in use
      // keeps the process alive meanwhile. Elsewhere a timer of its own, which does.
      const expiry = dispatcher && timeout > 0 ? setDeadline(timeout, onTimeout) : undefined;
      const timer = timeout > 0 && !dispatcher ? setTimeout(onTimeout, timeout) : undefined;
      // Redirects are followed by followRedirects, never by fetch: see redirects.ts.
      const request: RequestInit & { dispatcher?: unknown } = extraInit ? { ...extraInit, method: op.method, headers, body: init ?? null, redirect: 'manual' } : { method: op.method, headers, body: init ?? null, redirect: 'manual' };
      if (controller) request.signal = controller.signal;
      if (dispatcher) request.dispatcher = dispatcher;
      let failure: APIError;
      let retryable: boolean;
      let streaming = false;
      try {
        let response = await fetchImpl(url, request);
        if (isRedirect(response.status)) response = await followRedirects(fetchImpl, url, request, response);
        if (response.ok) {
          if (buffered) return { response, controller, text: await readText(response, maxSize) };
          if (expected.kind === 'sse' && !isEventStream(response)) {
            // A JSON or HTML answer to a stream request: the server's message, not "the stream ended early".
            const text = await readText(response, MAX_ERROR_BODY_BYTES, true);
            throw new APIError(response.status, parseErrorBody(text), `Expected an event stream, got ${response.headers.get('content-type') ?? 'no content type'}: ${excerpt(text)}`, response.headers);
          }
          // A stream handed over unread stays tied to the caller's signal, so aborting it ends the stream.
          streaming = true;
          if (idleTimeout > 0 && response.body) {
            const body = withIdleTimeout(response.body, idleTimeout, controller!);
            return { response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }), controller };
          }
          return { response, controller };
        }
        const errorBody = parseErrorBody(await readText(response, MAX_ERROR_BODY_BYTES, true));
        failure = APIError.fromResponse(response.status, errorBody, response.headers);
        retryable = isRetryableStatus(response.status) && !needsUserAction(response.status, errorBody);
      } catch (error) {
        if (signal?.aborted) throw new APIUserAbortError();
        // A local failure (a limit, an unexpected answer) would fail the same way again: never retried.
        if (error instanceof ClientError) throw error;
        if (timedOut) failure = new APITimeoutError();
        else if (isRedirectFailure(error)) throw new APIRedirectError(undefined, { cause: error });
        else failure = new APIConnectionError(undefined, { cause: error });
        // The server may have acted on a request it received in full: resending a create could apply it twice.
        if (!safeToResend && mayHaveBeenSent(error, timedOut)) {
          throw new (timedOut ? APITimeoutError : APIConnectionError)(
            `${timedOut ? 'The request timed out' : 'The connection failed'} after ${op.method} ${op.path} may have reached the server: it may have been applied, so it is not retried (without an idempotency key, retrying could apply it twice). Check its effect before sending it again; configure \`idempotencyHeader\`, or pass \`retryNonIdempotent: true\` if repeating it is harmless.`,
            { cause: error },
          );
        }
        retryable = true;
      } finally {
        if (timer !== undefined) clearTimeout(timer);
        if (expiry) clearDeadline(expiry);
        if (onAbort && !streaming) signal.removeEventListener('abort', onAbort);
      }
      if (!retryable) throw failure;
      if (attempt >= maxRetries) throw failure;
      const delay = retryDelay(attempt + 1, failure.headers, this.clock);
      if (this.clock.now() + delay > deadline) throw failure;
      try {
        await this.clock.sleep(delay, signal);
      } catch {
        throw new APIUserAbortError();
      }
    }
  }

  /**
   * For a POST or PATCH with an idempotency header configured: the caller's key, or one generated now and sent
   * unchanged on every attempt. True when the request carries a key.
   */
  private idempotencyKey(headers: Record<string, string>, options: RequestOptions): boolean {
    const name = this.idempotencyHeader;
    const given = options.idempotencyKey;
    if (given !== undefined) {
      if (!name) throw new ClientError('idempotencyKey needs an idempotency header: set the `idempotencyHeader` option to the header the server reads it from.');
      // The server deduplicates on it: a key it cannot store or compare is refused before sending.
      if (!/^[\x21-\x7e]{1,255}$/.test(given)) throw new ClientError('idempotencyKey must be 1 to 255 printable ASCII characters without spaces.');
      headers[name] = given;
      return true;
    }
    if (!name) return false;
    const lower = name.toLowerCase();
    for (const key in headers) if (key.toLowerCase() === lower) return true; // given in the request's headers
    headers[name] = crypto.randomUUID();
    return true;
  }

  /** Request headers without per-request parts, computed once per response kind, credential use and body type. */
  private sharedHeaders(op: OperationSpec, expected: ResponseSpec, json: boolean): Record<string, string> {
    const key = op.credential ? `${expected.kind}|${op.auth !== false}|${json}|${JSON.stringify(op.credential)}` : `${expected.kind}|${op.auth !== false}|${json}`;
    let record = this.headerCache.get(key);
    if (record === undefined) {
      const bag = this.headers(op, expected, NO_OPTIONS, this.apiKey as string | null);
      if (json) withJsonType(bag);
      record = bag.record();
      this.headerCache.set(key, record);
    }
    return record;
  }

  private url(op: OperationSpec, pathParams: Record<string, string>, query: Query, body: unknown, options: RequestOptions): string {
    const parts = pathParts(op);
    let path = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i]!;
      const value = pathParams[name];
      if (typeof value !== 'string' || value === '') throw new ClientError(`${op.id}: path parameter \`${name}\` must be a non-empty string, got ${JSON.stringify(value)}.`);
      path += encodeURIComponent(value) + parts[i + 1]!;
    }
    let base: string;
    // this.baseURL is already without a trailing slash.
    if (options.baseURL === undefined && !op.servers?.length) base = this.baseURL;
    else {
      const server = op.servers?.length ? pickServer(op.servers, body) : undefined;
      base = (options.baseURL ?? (server ? serverURL(server, this.options.serverVariables) : this.baseURL)).replace(/\/+$/, '');
    }
    if (this.options.defaultQuery || options.query || hasKeys(query)) {
      const search = new URLSearchParams();
      appendQuery(search, { ...this.options.defaultQuery, ...query, ...options.query });
      const qs = search.toString();
      if (qs) return `${base}${path}?${qs}`;
    }
    return base + path;
  }

  private headers(op: OperationSpec, expected: ResponseSpec, options: RequestOptions, key: string | null): HeaderBag {
    const headers = new HeaderBag();
    if (expected.kind === 'json') headers.set('Accept', 'application/json');
    else if (expected.kind === 'sse') headers.set('Accept', 'text/event-stream');
    if (op.auth !== false) {
      if (!key) throw new ClientError(`${op.id} needs a credential, but the client has no API key.`);
      setCredential(headers, op, key);
    }
    if (this.organization && ORGANIZATION_HEADER) headers.set(ORGANIZATION_HEADER, this.organization);
    if (this.project && PROJECT_HEADER) headers.set(PROJECT_HEADER, this.project);
    if (options.clientRequestId !== undefined) {
      const id = options.clientRequestId;
      // The API answers 400 to these; rejecting them here saves the round trip and the quota.
      if (!/^[\x20-\x7e]+$/.test(id) || id.length > 512) {
        throw new ClientError('clientRequestId must be 1 to 512 printable ASCII characters (X-Client-Request-Id).');
      }
      headers.set('X-Client-Request-Id', id);
    }
    headers.merge(DEFAULT_HEADERS);
    headers.merge(this.options.defaultHeaders);
    headers.merge(options.headers);
    return headers;
  }

  private async body(op: OperationSpec, body: unknown, headers: HeaderBag): Promise<BodyInit | undefined> {
    if (op.body === 'form' || op.body === 'text' || op.body === 'binary') return rawBody(op, body, headers);
    const multipart = op.body === 'multipart' || (op.body === 'json|multipart' && containsUploadable(body));
    if (!multipart) {
      withJsonType(headers);
      return JSON.stringify(body);
    }
    headers.delete('Content-Type'); // fetch sets it with the boundary
    return toFormData(body as Record<string, unknown>, op.encoding ?? {});
  }
}

/**
 * Request headers, case-insensitive, handed to fetch as a plain object: Node's fetch validates a `Headers` instance
 * again on every call, which costs more than building the object.
 */
class HeaderBag {
  private readonly entries = new Map<string, [string, string]>();

  set(name: string, value: string): void {
    this.entries.set(name.toLowerCase(), [name, value]);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  delete(name: string): void {
    this.entries.delete(name.toLowerCase());
  }

  /** Adds headers; a null or undefined value removes the header. */
  merge(extra: HeadersLike | undefined): void {
    if (!extra) return;
    // Headers#forEach rather than #entries: a consumer's `lib` without `dom.iterable` still type-checks.
    const list = extra instanceof Headers ? headerPairs(extra) : Array.isArray(extra) ? extra : Object.entries(extra);
    for (const [name, value] of list) {
      if (value === null || value === undefined) this.delete(name);
      else this.set(name, value);
    }
  }

  record(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of this.entries.values()) out[name] = value;
    return out;
  }
}

function validCount(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new ClientError(`${name} must be a non-negative number, got ${value}.`);
  return value;
}

function splitParams(op: OperationSpec, params: unknown): { body: unknown; query: Query } {
  if (params === undefined || op.params === undefined) return NO_PARAMS;
  if (op.params === 'body') return { body: params, query: NO_QUERY };
  if (op.params === 'query') return { body: undefined, query: params as Query };
  const body: Query = {};
  const query: Query = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) (op.queryKeys?.includes(key) ? query : body)[key] = value;
  return { body, query };
}

/** Form style, exploded: arrays repeat the key, objects use `key[sub]`. */
function appendQuery(search: URLSearchParams, query: Query, prefix?: string): void {
  for (const [key, value] of Object.entries(query)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(name, String(v));
    else if (typeof value === 'object') appendQuery(search, value as Query, name);
    else search.append(name, String(value));
  }
}

function parseErrorBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function parseJson(raw: RawResult): unknown {
  const text = raw.text ?? '';
  try {
    return JSON.parse(text);
  } catch (error) {
    // The operation declares a JSON body: an empty one is an error, not `undefined` typed as the response. (JSON.parse
    // refuses an empty or blank text, so the check costs nothing on the way that succeeds.)
    if (!text.trim()) throw new APIError(raw.response.status, text, 'The response body is empty, but the operation returns JSON.', raw.response.headers);
    throw new APIError(raw.response.status, text, `The response is not valid JSON: ${excerpt(text, 200)}`, raw.response.headers, { cause: error });
  }
}

function isEventStream(response: Response): boolean {
  return /^\s*text\/event-stream\b/i.test(response.headers.get('content-type') ?? '');
}

/** Node's fetch reports a redirect loop as `TypeError: fetch failed` whose cause says "redirect count exceeded". */
function isRedirectFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (/redirect/i.test(e.message)) return true;
  }
  return false;
}

function parseResult(raw: RawResult, expected: ResponseSpec, maxLineLength: number | undefined): unknown {
  switch (expected.kind) {
    case 'json':
      return parseJson(raw);
    case 'text':
      return raw.text ?? '';
    case 'empty':
      return undefined;
    case 'binary':
      return raw.response;
    case 'sse':
      return new Stream(raw.response, raw.controller!, {
        ...(maxLineLength === undefined ? {} : { maxLineLength }),
        ...(expected.terminator === undefined ? {} : { terminator: expected.terminator }),
        ...(expected.events === undefined ? {} : { events: expected.events }),
      });
  }
}

/** Form, text and binary bodies: form fields URL-encoded; text and bytes sent as given with their media type. */
function rawBody(op: OperationSpec, body: unknown, headers: HeaderBag): BodyInit {
  if (op.body === 'form') {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return form;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', op.contentType ?? 'application/octet-stream');
  if (typeof body === 'string' || body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body as BodyInit;
  return JSON.stringify(body);
}

/** The credential where the operation's security scheme puts it (a query API key was added to the URL). */
function setCredential(headers: HeaderBag, op: OperationSpec, key: string): void {
  const c = op.credential;
  if (!c) headers.set('Authorization', `Bearer ${key}`);
  else if (c.kind === 'basic') headers.set('Authorization', `Basic ${btoa(key)}`);
  else if (c.in === 'header') headers.set(c.name, key);
  else if (c.in === 'cookie') headers.set('Cookie', `${c.name}=${encodeURIComponent(key)}`);
}

function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}
