/** The request URL of an operation: its parameters split into body and query, the path filled in, the query encoded. */
import { ClientError } from '../core/errors.js';
import type { OperationSpec } from './operation.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import { pickServer, serverURL } from './servers.js';

export type Query = Record<string, unknown>;

const NO_QUERY: Query = Object.freeze({});
const NO_PARAMS = Object.freeze({ body: undefined, query: NO_QUERY });

/** The client-wide options the URL depends on. */
export type UrlOptions = Pick<ClientOptions, 'defaultQuery' | 'serverVariables'>;

/**
 * Each operation's path template split once into literal text and parameter names: `[text, name, text, ...]`. The
 * literal text is sent as the spec writes it but for `#` and `?`, encoded: nothing in a path key becomes a
 * fragment or a query (Box's keys such as `/files/{file_id}#add_shared_link`).
 */
const pathCache = new WeakMap<OperationSpec, readonly string[]>();

function pathParts(op: OperationSpec): readonly string[] {
  let parts = pathCache.get(op);
  if (parts === undefined) {
    parts = op.path
      .split(/\{([^}]+)\}/)
      .map((part, i) => (i % 2 ? part : part.replace(/[#?]/g, (c) => encodeURIComponent(c))));
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

/** The one params argument as the operation's `params` says: all body, all query, or split by `queryKeys`. */
export function splitParams(op: OperationSpec, params: unknown): { body: unknown; query: Query } {
  if (params === undefined || op.params === undefined) return NO_PARAMS;
  if (op.params === 'body') return { body: params, query: NO_QUERY };
  if (op.params === 'query') return { body: undefined, query: params as Query };
  const body: Query = {};
  const query: Query = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    const target = op.queryKeys?.includes(key) ? query : body;
    // Defined, not assigned: assigning `__proto__` would set the prototype and the field would never be sent.
    if (key === '__proto__')
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    else target[key] = value;
  }
  return { body, query };
}

/** `baseURL` is the client's, already without a trailing slash. */
export function requestUrl(
  op: OperationSpec,
  pathParams: Record<string, string>,
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
    path += encodeSegment(value) + parts[i + 1]!;
  }
  let base: string;
  if (options.baseURL === undefined && !op.servers?.length) base = baseURL;
  else {
    const server = op.servers?.length ? pickServer(op.servers, body) : undefined;
    base = (options.baseURL ?? (server ? serverURL(server, client.serverVariables) : baseURL)).replace(
      /\/+$/,
      '',
    );
  }
  if (client.defaultQuery || options.query || (query !== NO_QUERY && hasKeys(query))) {
    const search = new URLSearchParams();
    appendQuery(search, { ...client.defaultQuery, ...query, ...options.query });
    const qs = search.toString();
    if (qs) return `${base}${path}?${qs}`;
  }
  return base + path;
}

/** Form style, exploded: arrays repeat the key, objects use `key[sub]`. */
function appendQuery(search: URLSearchParams, query: Query, prefix?: string): void {
  for (const [key, value] of Object.entries(query)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(name, String(v));
    else if (typeof value === 'object') appendQuery(search, value as Query, name);
    // oxlint-disable-next-line typescript/no-base-to-string -- objects took the branch above: a scalar is left
    else search.append(name, String(value));
  }
}
