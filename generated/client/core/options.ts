// Copied by platform-api-codegen from its runtime (templates/client/core/options.ts). Do not edit: every generation replaces it.
/** Client-wide and per-request options. */

/** A key, or a function returning a fresh bearer token (see `AccessTokenProvider`). */
export type ApiKeySource = string | (() => string | Promise<string>);

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type HeadersLike = Headers | Record<string, string | null | undefined> | [string, string][];

/** Time source and sleep of the retry loop (`ClientOptions.clock`), injectable for tests. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export interface ClientOptions {
  /** Defaults to the `<ENV_PREFIX>API_KEY` environment variable (the prefix comes from the codegen config). */
  apiKey?: ApiKeySource;
  /**
   * Credentials by security scheme name (the spec's `securitySchemes`), for operations that accept several schemes
   * or need several at once (an API key and an email): each request sends the first of its operation's alternatives
   * that these and `apiKey` complete (`apiKey` stands for the scheme of an alternative of one scheme).
   */
  credentials?: Record<string, string>;
  /** Defaults to `<ENV_PREFIX>BASE_URL`, then the spec's server. */
  baseURL?: string;
  /** Sent in the config's organization header, when it names one. Defaults to `<ENV_PREFIX>ORG_ID`. */
  organization?: string | null;
  /** Sent in the config's project header, when it names one. Defaults to `<ENV_PREFIX>PROJECT_ID`. */
  project?: string | null;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /**
   * The statuses retried: codes (`429`) or ranges (`'5XX'`). Default: the codegen config's `retryStatuses`, else
   * 408, 429 and 5XX; never a refusal the caller must act on (409, or a 429 for quota or billing).
   */
  retryStatuses?: readonly (number | string)[];
  /** Per-attempt timeout in milliseconds. Default 10 minutes; `0` turns the client-side timeout off. */
  timeout?: number;
  /**
   * Longest silence in milliseconds between two chunks of a stream or download, once its headers have arrived: then
   * the request is cancelled with `APITimeoutError`. Default: the `timeout`; `0` turns it off.
   */
  idleTimeout?: number;
  /** Largest JSON or text response body read, in bytes; a larger one fails with `ResponseTooLargeError`. Default 64 MiB. */
  maxResponseSize?: number;
  /**
   * Longest line of a server-sent event stream, and largest event: the sum of its `data:` lines, each counted whole
   * with its line end. In characters; default 16 Mi.
   */
  maxLineLength?: number;
  /** Bound on the whole retry sequence in milliseconds: no retry starts after it. Default 2 minutes. */
  maxRetryTime?: number;
  /** A `fetch` to use instead of the global one (for example one with a TLS client certificate). */
  fetch?: Fetch;
  /** Extra `RequestInit` fields for every request, e.g. `{ dispatcher }` for Node's undici-based fetch. */
  fetchOptions?: RequestInit & Record<string, unknown>;
  defaultHeaders?: HeadersLike;
  defaultQuery?: Record<string, string | number | boolean | undefined>;
  /**
   * Values of server variables of operations with their own servers (`auth_url`, `mtls_auth_url`). Each defaults
   * to `<ENV_PREFIX><NAME>` (e.g. `<ENV_PREFIX>AUTH_URL`), then the spec's default.
   */
  serverVariables?: Record<string, string>;
  /** Secret for `client.webhooks.unwrap`. Defaults to `<ENV_PREFIX>WEBHOOK_SECRET`. */
  webhookSecret?: string;
  /**
   * Allow construction in a browser, where the API key is visible to every visitor of the page. Refused by
   * default; set it only for a key meant to be public or behind a proxy that replaces it.
   */
  dangerouslyAllowBrowser?: boolean;
  /** Time source and sleep, injectable for tests. */
  clock?: Clock;
  /**
   * Header carrying an idempotency key on POST and PATCH requests: a key generated once per call and sent unchanged
   * on every attempt, which makes retrying after a dropped connection safe. Defaults to the codegen config's
   * `idempotencyHeader`; null sends none. Use it only with a server that honors the header.
   */
  idempotencyHeader?: string | null;
  /**
   * Retry a POST or PATCH without an idempotency key after a connection failure that may have happened once the
   * server had the request (it may then be applied twice). Default false: such a failure is thrown.
   */
  retryNonIdempotent?: boolean;
}

export interface RequestOptions {
  headers?: HeadersLike;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  timeout?: number;
  /** See `ClientOptions.idleTimeout`; defaults to the client's, else to this request's `timeout`. */
  idleTimeout?: number;
  maxResponseSize?: number;
  maxLineLength?: number;
  maxRetries?: number;
  /** See `ClientOptions.retryStatuses`. */
  retryStatuses?: readonly (number | string)[];
  /** Sent as `X-Client-Request-Id`: ASCII only, at most 512 characters (checked before sending). */
  clientRequestId?: string;
  /**
   * The idempotency key of this POST or PATCH: 1 to 255 printable ASCII characters without spaces (needs an
   * `idempotencyHeader`). Default: a random UUID per call.
   */
  idempotencyKey?: string;
  /** See `ClientOptions.retryNonIdempotent`. */
  retryNonIdempotent?: boolean;
  /** Overrides the base URL of this request. */
  baseURL?: string;
  fetch?: Fetch;
  fetchOptions?: RequestInit & Record<string, unknown>;
}
