// Copied by platform-api-codegen from its runtime (templates/client/internal/url.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/** The request URL of an operation: its parameters split into body and query, the path filled in, the query encoded. */
import { ClientError } from '../core/errors.js';
import type { OperationSpec } from './operation.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import { headerText, pathText, queryPieces } from '../../protocol/params.js';
import { pickServer, serverURL } from './servers.js';

export type Query = Record<string, unknown>;

/** The params argument split by where each part travels. */
export interface SplitParams {
  body: unknown;
  query: Query;
  /** Header parameters, serialized (absent: none given). */
  headers?: Record<string, string>;
}

const NO_QUERY: Query = Object.freeze({});
const NO_PARAMS: SplitParams = Object.freeze({ body: undefined, query: NO_QUERY });

/** The client-wide options the URL depends on. */
export type UrlOptions = Pick<ClientOptions, 'defaultQuery' | 'serverVariables'> & {
  /** The client's `baseURL` was chosen (the option or the environment), not the spec's server. */
  baseURLChosen?: boolean;
};

/**
 * Each operation's path template split once into literal text and parameter names: `[text, name, text, ...]`. The
 * literal text is sent as the table writes it (a path key's `#…` text already left out) but for `?`, encoded:
 * nothing in a path becomes a query.
 */
const pathCache = new WeakMap<OperationSpec, readonly string[]>();

function pathParts(op: OperationSpec): readonly string[] {
  let parts = pathCache.get(op);
  if (parts === undefined) {
    parts = op.path.split(/\{([^}]+)\}/).map((part, i) => (i % 2 ? part : part.replace(/\?/g, '%3F')));
    pathCache.set(op, parts);
  }
  return parts;
}

/** The characters `encodeURIComponent` leaves as they are: A-Z a-z 0-9 - _ . ! ~ * ' ( ). */
const UNRESERVED = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
  UNRESERVED[c.charCodeAt(0)] = 1;

/** `encodeURIComponent(value)`, without the call for the usual id made only of characters it keeps. */
function encodeSegment(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128 || UNRESERVED[code] === 0) return encodeURIComponent(value);
  }
  return value;
}

function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The one params argument as the operation's `params` says: all body, all query, or split by `queryKeys`; the
 * header parameters (`headerKeys`) taken out first, and a body that is not an object from under `bodyKey`.
 */
export function splitParams(op: OperationSpec, params: unknown): SplitParams {
  if (params === undefined || (op.params === undefined && op.headerKeys === undefined)) return NO_PARAMS;
  const plain = isPlainObject(params);
  if (op.params === 'body' && (op.headerKeys === undefined || !plain))
    return { body: params, query: NO_QUERY };
  if (op.params === 'query' && op.headerKeys === undefined)
    return { body: undefined, query: params as Query };
  const body: Query = {};
  const query: Query = {};
  let headers: Record<string, string> | undefined;
  let own: unknown;
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (key === op.bodyKey) {
      own = value;
      continue;
    }
    if (op.headerKeys?.includes(key)) {
      if (value === undefined || value === null) continue;
      (headers ??= {})[key] = headerText(value, op.styles?.header?.[key]);
      continue;
    }
    const target = op.params === 'query' || op.queryKeys?.includes(key) ? query : body;
    // Defined, not assigned: assigning `__proto__` would set the prototype and the field would never be sent.
    if (key === '__proto__')
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    else target[key] = value;
  }
  // A body of nothing but headers is no body, unless the operation needs one.
  const sendBody = op.params === 'body' || op.params === 'both';
  return {
    body:
      op.bodyKey !== undefined
        ? own
        : sendBody && (hasKeys(body) || op.requestBody?.required)
          ? body
          : undefined,
    query,
    ...(headers ? { headers } : {}),
  };
}

/** `baseURL` is the client's, already without a trailing slash. */
export function requestUrl(
  op: OperationSpec,
  pathParams: Record<string, unknown>,
  query: Query,
  body: unknown,
  options: RequestOptions,
  baseURL: string,
  client: UrlOptions,
): string {
  const parts = pathParts(op);
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const value = pathParams[name];
    if (typeof value !== 'string' || value === '')
      throw new ClientError(
        `${op.id}: path parameter \`${name}\` must be a non-empty string, got ${JSON.stringify(value)}.`,
      );
    const enc = op.styles?.path?.[name];
    path += (enc ? pathText(name, value, enc) : encodeSegment(value)) + parts[i + 1]!;
  }
  let base: string;
  if (options.baseURL === undefined && !op.servers?.length) base = baseURL;
  else {
    // An operation's own server is a default under the client's base URL: a chosen `baseURL` (a mock, a proxy, a
    // region) takes its place, unless its URL has variables, which `serverVariables` choose.
    const server = op.servers?.length ? pickServer(op.servers, body) : undefined;
    const own = server && !(client.baseURLChosen && !server.url.includes('{')) ? server : undefined;
    base = (options.baseURL ?? (own ? serverURL(own, client.serverVariables) : baseURL)).replace(/\/+$/, '');
  }
  if (client.defaultQuery || options.query || (query !== NO_QUERY && hasKeys(query))) {
    const qs = queryString(op, { ...client.defaultQuery, ...query, ...options.query });
    if (qs) return `${base}${path}?${qs}`;
  }
  return base + path;
}

/**
 * Each declared parameter as its style says (protocol/params.ts); an undeclared one (the `query` option, the
 * client's `defaultQuery`) in bracket notation, which is what servers that take free-form keys read.
 */
function queryString(op: OperationSpec, query: Query): string {
  const pieces: string[] = [];
  const styles = op.styles?.query;
  for (const [key, value] of Object.entries(query)) {
    const declared = op.params === 'query' || op.queryKeys?.includes(key);
    const enc = declared ? styles?.[key] : DEEP;
    for (const piece of queryPieces(key, value, enc)) pieces.push(piece);
  }
  return pieces.join('&');
}

const DEEP = Object.freeze({ style: 'deepObject' as const });
