/**
 * The request engine every generated resource calls: builds the URL (url.ts), headers (headers.ts) and body
 * (request-body.ts) of an operation, sends it (transport.ts: per-attempt timeout, retries by the API's documented
 * rules) and turns the response into typed data (parse.ts).
 */
import { APIPromise, type RawResult } from './api-promise.js';
import { ClientError } from './errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../internal/limits.js';
import {
  selectResponse,
  type CallArgs,
  type OperationSpec,
  type ResponseSpec,
} from '../internal/operation.js';
import type { ApiKeySource, ClientOptions, Clock, Fetch, RequestOptions } from './options.js';
import { Page, PagePromise } from './pagination.js';
import { systemClock, validStatuses } from '../internal/retry.js';
import {
  CLIENT_NAME,
  ENV_PREFIX,
  IDEMPOTENCY_HEADER,
  ORGANIZATION_HEADER,
  PROJECT_HEADER,
  RETRY_STATUSES,
} from '../internal/brand.js';
import { isBrowser } from '../internal/browser.js';
import {
  idempotencyKey,
  requestHeaders,
  withHeaders,
  withJsonType,
  type HeaderBag,
} from '../internal/headers.js';
import { parseJson, parseResult } from '../internal/parse.js';
import { encodeBody } from '../internal/request-body.js';
import { env } from '../internal/servers.js';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_TIME,
  DEFAULT_TIMEOUT,
  validCount,
} from '../internal/settings.js';
import { NON_IDEMPOTENT, transmit } from '../internal/transport.js';
import { credentialsFor } from '../internal/security.js';
import { requestUrl, splitParams, type Query, type UrlOptions } from '../internal/url.js';

const NO_OPTIONS: RequestOptions = Object.freeze({});
const NO_PATH: Record<string, string> = Object.freeze({});

/** A JSON body as sent, or none. */
function jsonBody(op: OperationSpec, body: unknown): string | undefined {
  return body !== undefined && op.body !== undefined ? JSON.stringify(body) : undefined;
}

export class ClientBase {
  readonly baseURL: string;
  /** What the URL of each request depends on beside `baseURL`, fixed at construction. */
  private readonly urlOptions: UrlOptions;
  readonly organization: string | null;
  readonly project: string | null;
  readonly maxRetries: number;
  readonly retryStatuses: readonly (number | string)[];
  readonly timeout: number;
  readonly maxRetryTime: number;
  readonly webhookSecret: string | undefined;
  /** Header carrying the idempotency key of POST and PATCH requests; none when null. */
  readonly idempotencyHeader: string | null;
  protected readonly apiKey: ApiKeySource | null;
  private readonly fetch: Fetch;
  private readonly options: Omit<ClientOptions, 'apiKey'>;
  private readonly clock: Clock;
  /** Per operation: the headers without per-request parts, by response kind, without and with a JSON body. */
  private readonly headerCache = new WeakMap<
    OperationSpec,
    [Map<string, Record<string, string>>, Map<string, Record<string, string>>]
  >();
  /** `idleTimeout` and `maxResponseSize` of a request without its own limits. */
  private readonly idleTimeout: number;
  private readonly maxResponseSize: number;

  /** `apiKey: null` makes a client without a credential (for operations that need none). */
  constructor(
    options: Omit<ClientOptions, 'apiKey'> & { apiKey?: ApiKeySource | null },
    defaultBaseURL: string,
  ) {
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ClientError(
        `${CLIENT_NAME} refuses to run in a browser, where its API key would be visible to every visitor; pass \`dangerouslyAllowBrowser: true\` if the key is meant to be public or a proxy replaces it.`,
      );
    }
    const apiKey = options.apiKey === undefined ? env(`${ENV_PREFIX}API_KEY`) : options.apiKey;
    if (apiKey === undefined || apiKey === '') {
      throw new ClientError(
        `Missing API key: pass \`apiKey\` to the client or set the ${ENV_PREFIX}API_KEY environment variable (or pass \`apiKey: null\` for operations that need no credential).`,
      );
    }
    this.apiKey = apiKey;
    const chosenURL = options.baseURL ?? env(`${ENV_PREFIX}BASE_URL`);
    this.baseURL = (chosenURL ?? defaultBaseURL).replace(/\/+$/, '');
    // Absent options stay absent: the packages compile with `exactOptionalPropertyTypes`.
    this.urlOptions = {
      ...(options.defaultQuery !== undefined ? { defaultQuery: options.defaultQuery } : {}),
      ...(options.serverVariables !== undefined ? { serverVariables: options.serverVariables } : {}),
      baseURLChosen: chosenURL !== undefined,
    };
    // The environment is read only for a header the API has: an API without one never picks up a stray variable.
    this.organization =
      options.organization === undefined
        ? ORGANIZATION_HEADER === null
          ? null
          : (env(`${ENV_PREFIX}ORG_ID`) ?? null)
        : options.organization;
    this.project =
      options.project === undefined
        ? PROJECT_HEADER === null
          ? null
          : (env(`${ENV_PREFIX}PROJECT_ID`) ?? null)
        : options.project;
    this.maxRetries = validCount('maxRetries', options.maxRetries, DEFAULT_MAX_RETRIES);
    this.retryStatuses =
      options.retryStatuses === undefined
        ? RETRY_STATUSES
        : validStatuses('retryStatuses', options.retryStatuses);
    this.timeout = validCount('timeout', options.timeout, DEFAULT_TIMEOUT);
    this.maxRetryTime = validCount('maxRetryTime', options.maxRetryTime, DEFAULT_MAX_RETRY_TIME);
    validCount('maxLineLength', options.maxLineLength, 0);
    this.idleTimeout = validCount('idleTimeout', options.idleTimeout, this.timeout);
    this.maxResponseSize = validCount('maxResponseSize', options.maxResponseSize, DEFAULT_MAX_RESPONSE_BYTES);
    this.webhookSecret = options.webhookSecret ?? env(`${ENV_PREFIX}WEBHOOK_SECRET`);
    this.clock = options.clock ?? systemClock;
    this.idempotencyHeader =
      options.idempotencyHeader === undefined ? IDEMPOTENCY_HEADER : options.idempotencyHeader;
    if (this.idempotencyHeader !== null && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(this.idempotencyHeader)) {
      throw new ClientError(
        `idempotencyHeader must be a header name, got ${JSON.stringify(this.idempotencyHeader)}.`,
      );
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function')
      throw new ClientError('No global fetch: pass `fetch` to the client.');
    this.fetch = fetchImpl;
    const { apiKey: _key, ...rest } = options;
    this.options = rest;
  }

  /** Calls one operation. */
  call<T>(op: OperationSpec, args: CallArgs, options: RequestOptions = NO_OPTIONS): APIPromise<T> {
    const { body, query, headers } = splitParams(op, args.params);
    if (headers) options = withHeaders(options, headers);
    const response = selectResponse(op, body);
    const parse =
      response.kind === 'json'
        ? parseJson
        : (r: RawResult) => parseResult(r, response, options.maxLineLength ?? this.options.maxLineLength);
    return new APIPromise<T>(
      this.send(op, args.path ?? NO_PATH, query, body, response, options),
      parse as (r: RawResult) => T,
    );
  }

  /** Calls a paged list (`op.paging`, any style): the result is the first page, and iterates every item. */
  list<Item, Body>(
    op: OperationSpec,
    args: CallArgs,
    options: RequestOptions = NO_OPTIONS,
  ): PagePromise<Item, Body> {
    const paging = op.paging;
    if (!paging) throw new ClientError(`${op.id} is not a paged list.`);
    const { body, query, headers } = splitParams(op, args.params);
    const sent = headers ? withHeaders(options, headers) : options;
    const response = selectResponse(op, body);
    const fetchPage = (next: Query) =>
      this.list<Item, Body>(
        op,
        { path: args.path, params: { ...(args.params as Query | undefined), ...next } },
        options,
      );
    return new PagePromise<Item, Body>(
      this.send(op, args.path ?? NO_PATH, query, body, response, sent),
      (r) =>
        new Page<Item, Body>(parseJson(r) as Body, query, paging, fetchPage, r.response.headers.get('link')),
    );
  }

  /**
   * Builds and sends the request. Not async itself: with a fixed key and a JSON body (or none) nothing is awaited
   * before fetch, and the promise is transmit's own; a failure here becomes a rejection, as from an async function.
   */
  private send(
    op: OperationSpec,
    pathParams: Record<string, string>,
    query: Query,
    body: unknown,
    expected: ResponseSpec,
    options: RequestOptions,
  ): Promise<RawResult> {
    const key = this.apiKey;
    if (typeof key === 'function' || (body !== undefined && op.body !== undefined && op.body !== 'json'))
      return this.sendPrepared(op, pathParams, query, body, expected, options);
    try {
      const url = this.url(op, pathParams, query, body, options, key);
      return this.transmit(
        op,
        url,
        this.jsonHeaders(op, expected, options, key, body),
        jsonBody(op, body),
        expected,
        options,
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A request that awaits something first: a key from a function, or a body to encode (multipart, form, text, binary). */
  private async sendPrepared(
    op: OperationSpec,
    pathParams: Record<string, string>,
    query: Query,
    body: unknown,
    expected: ResponseSpec,
    options: RequestOptions,
  ): Promise<RawResult> {
    const key = typeof this.apiKey === 'function' ? await this.apiKey() : this.apiKey;
    const url = this.url(op, pathParams, query, body, options, key);
    if (op.body === 'json' || op.body === undefined || body === undefined)
      return this.transmit(
        op,
        url,
        this.jsonHeaders(op, expected, options, key, body),
        jsonBody(op, body),
        expected,
        options,
      );
    const bag = this.headers(op, expected, options, key);
    const init = await encodeBody(op, body, bag);
    return this.transmit(op, url, bag.record(), init, expected, options);
  }

  private url(
    op: OperationSpec,
    pathParams: Record<string, string>,
    query: Query,
    body: unknown,
    options: RequestOptions,
    key: string | null,
  ): string {
    if (
      op.auth !== false &&
      (op.security || (op.credential?.kind === 'apiKey' && op.credential.in === 'query'))
    )
      for (const { choice, value } of credentialsFor(op, key, this.options.credentials))
        if (choice.kind === 'apiKey' && choice.in === 'query') query = { ...query, [choice.name]: value };
    return requestUrl(op, pathParams, query, body, options, this.baseURL, this.urlOptions);
  }

  /** The headers of a request with a JSON body or none. */
  private jsonHeaders(
    op: OperationSpec,
    expected: ResponseSpec,
    options: RequestOptions,
    key: string | null,
    body: unknown,
  ): Record<string, string> {
    const json = body !== undefined && op.body !== undefined;
    // The common case (no per-request headers, a fixed key) copies the headers computed once for this shape.
    if (
      options.headers === undefined &&
      options.clientRequestId === undefined &&
      typeof this.apiKey !== 'function'
    )
      return { ...this.sharedHeaders(op, expected, json) };
    const bag = this.headers(op, expected, options, key);
    if (json) withJsonType(bag, op);
    return bag.record();
  }

  private transmit(
    op: OperationSpec,
    url: string,
    headers: Record<string, string>,
    init: BodyInit | undefined,
    expected: ResponseSpec,
    options: RequestOptions,
  ): Promise<RawResult> {
    // Without per-request limits, the client's own, validated once.
    const own =
      options.timeout === undefined &&
      options.idleTimeout === undefined &&
      options.maxResponseSize === undefined;
    const maxRetries =
      options.maxRetries === undefined
        ? this.maxRetries
        : validCount('maxRetries', options.maxRetries, this.maxRetries);
    const timeout =
      options.timeout === undefined ? this.timeout : validCount('timeout', options.timeout, this.timeout);
    return transmit({
      op,
      url,
      headers,
      body: init,
      expected,
      fetch: options.fetch ?? this.fetch,
      init:
        this.options.fetchOptions || options.fetchOptions
          ? { ...this.options.fetchOptions, ...options.fetchOptions }
          : undefined,
      maxRetries,
      retryStatuses:
        options.retryStatuses === undefined
          ? this.retryStatuses
          : validStatuses('retryStatuses', options.retryStatuses),
      timeout,
      idleTimeout: own
        ? this.idleTimeout
        : validCount('idleTimeout', options.idleTimeout ?? this.options.idleTimeout, timeout),
      maxSize: own
        ? this.maxResponseSize
        : validCount(
            'maxResponseSize',
            options.maxResponseSize ?? this.options.maxResponseSize,
            DEFAULT_MAX_RESPONSE_BYTES,
          ),
      safeToResend:
        // A header the operation declares is filled on any method; the client-wide one on POST and PATCH.
        (op.idempotencyHeader !== undefined && idempotencyKey(headers, op.idempotencyHeader, options)) ||
        !NON_IDEMPOTENT.has(op.method) ||
        idempotencyKey(headers, this.idempotencyHeader, options) ||
        (options.retryNonIdempotent ?? this.options.retryNonIdempotent) === true,
      clock: this.clock,
      deadline: this.clock.now() + this.maxRetryTime,
      signal: options.signal,
    });
  }

  /** Request headers without per-request parts, computed once per operation, response kind and body type. */
  private sharedHeaders(op: OperationSpec, expected: ResponseSpec, json: boolean): Record<string, string> {
    let cached = this.headerCache.get(op);
    if (cached === undefined) {
      cached = [new Map(), new Map()];
      this.headerCache.set(op, cached);
    }
    const records = cached[json ? 1 : 0];
    let record = records.get(expected.kind);
    if (record === undefined) {
      const bag = this.headers(op, expected, NO_OPTIONS, this.apiKey as string | null);
      if (json) withJsonType(bag, op);
      record = bag.record();
      records.set(expected.kind, record);
    }
    return record;
  }

  private headers(
    op: OperationSpec,
    expected: ResponseSpec,
    options: RequestOptions,
    key: string | null,
  ): HeaderBag {
    return requestHeaders(op, expected, options, key, {
      credentials: this.options.credentials,
      organization: this.organization,
      project: this.project,
      defaultHeaders: this.options.defaultHeaders,
    });
  }
}
