// Copied by platform-api-codegen from its runtime (templates/client/internal/headers.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/**
 * Request headers: what the response kind asks for, the credential where the operation's security scheme puts it,
 * the organization, project and client request id, the idempotency key, then the default and per-request headers.
 */
import {
  CLIENT_REQUEST_ID_HEADER,
  CLIENT_REQUEST_ID_RULE,
  isValidClientRequestId,
} from '../../protocol/request-id.js';
import { EVENT_STREAM } from '../../protocol/sse.js';
import { DEFAULT_HEADERS, ORGANIZATION_HEADER, PROJECT_HEADER } from './brand.js';
import { ClientError } from '../core/errors.js';
import type { OperationSpec, ResponseSpec } from './operation.js';
import type { HeadersLike, RequestOptions } from '../core/options.js';
import { credentialsFor, type Sent } from './security.js';

/**
 * Request headers, case-insensitive, handed to fetch as a plain object: Node's fetch validates a `Headers` instance
 * again on every call, which costs more than building the object.
 */
export class HeaderBag {
  private readonly entries = new Map<string, [string, string]>();

  set(name: string, value: string): void {
    this.entries.set(name.toLowerCase(), [name, value]);
  }

  get(name: string): string | undefined {
    return this.entries.get(name.toLowerCase())?.[1];
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
    const list =
      extra instanceof Headers ? headerPairs(extra) : Array.isArray(extra) ? extra : Object.entries(extra);
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

/** The client-wide values the headers carry. */
export interface HeaderDefaults {
  /** The `credentials` option: credentials by security scheme name. */
  credentials: Readonly<Record<string, string>> | undefined;
  organization: string | null;
  project: string | null;
  defaultHeaders: HeadersLike | undefined;
}

/**
 * A JSON body's content type: the operation's own JSON media type where it names one (Box's
 * `application/json-patch+json`), else `application/json`; a caller's own header is kept.
 */
export function withJsonType(headers: HeaderBag, op: OperationSpec): void {
  if (headers.has('Content-Type')) return;
  let type = 'application/json';
  const mediaTypes = op.requestBody?.mediaTypes;
  for (const mediaType in mediaTypes)
    if (mediaTypes[mediaType] === 'json') {
      if (!mediaType.includes('*')) type = mediaType;
      break;
    }
  headers.set('Content-Type', type);
}

/** The headers of one request but its body's content type; `key` is the credential (null: the client has none). */
export function requestHeaders(
  op: OperationSpec,
  expected: ResponseSpec,
  options: RequestOptions,
  key: string | null,
  client: HeaderDefaults,
): HeaderBag {
  const headers = new HeaderBag();
  if (expected.kind === 'json') headers.set('Accept', 'application/json');
  else if (expected.kind === 'sse') headers.set('Accept', EVENT_STREAM);
  for (const sent of credentialsFor(op, key, client.credentials)) setCredential(headers, sent);
  if (client.organization && ORGANIZATION_HEADER) headers.set(ORGANIZATION_HEADER, client.organization);
  if (client.project && PROJECT_HEADER) headers.set(PROJECT_HEADER, client.project);
  if (options.clientRequestId !== undefined) {
    const id = options.clientRequestId;
    // The API answers 400 to these; rejecting them here saves the round trip and the quota.
    if (!isValidClientRequestId(id))
      throw new ClientError(
        `clientRequestId must be ${CLIENT_REQUEST_ID_RULE} (${CLIENT_REQUEST_ID_HEADER}).`,
      );
    headers.set(CLIENT_REQUEST_ID_HEADER, id);
  }
  headers.merge(DEFAULT_HEADERS);
  headers.merge(client.defaultHeaders);
  headers.merge(options.headers);
  return headers;
}

/** The options with the call's header parameters added before its own `headers` (which win). */
export function withHeaders(options: RequestOptions, params: Record<string, string>): RequestOptions {
  const bag = new HeaderBag();
  bag.merge(params);
  bag.merge(options.headers);
  return { ...options, headers: bag.record() };
}

/**
 * For a POST or PATCH with an idempotency header (`name`) configured: the caller's key, or one generated now and
 * sent unchanged on every attempt. True when the request carries a key.
 */
export function idempotencyKey(
  headers: Record<string, string>,
  name: string | null,
  options: RequestOptions,
): boolean {
  const given = options.idempotencyKey;
  if (given !== undefined) {
    if (!name)
      throw new ClientError(
        'idempotencyKey needs an idempotency header: set the `idempotencyHeader` option to the header the server reads it from.',
      );
    // The server deduplicates on it: a key it cannot store or compare is refused before sending.
    if (!/^[\x21-\x7e]{1,255}$/.test(given))
      throw new ClientError('idempotencyKey must be 1 to 255 printable ASCII characters without spaces.');
    headers[name] = given;
    return true;
  }
  if (!name) return false;
  const lower = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === lower) return true; // given in the request's headers
  headers[name] = crypto.randomUUID();
  return true;
}

/** A credential where its security scheme puts it (a query API key was added to the URL). */
function setCredential(headers: HeaderBag, { choice: c, value }: Sent): void {
  if (c.kind === 'bearer') headers.set('Authorization', `Bearer ${value}`);
  else if (c.kind === 'basic') headers.set('Authorization', `Basic ${btoa(value)}`);
  else if (c.in === 'header') headers.set(c.name, value);
  else if (c.in === 'cookie') {
    const cookie = `${c.name}=${encodeURIComponent(value)}`;
    const before = headers.get('Cookie');
    headers.set('Cookie', before ? `${before}; ${cookie}` : cookie);
  }
}

function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}
