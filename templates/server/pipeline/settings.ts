/** The options of one server resolved once, at `createServer`: limits with their defaults, hooks, the route table. */
import { ACCESS_TOKENS_REJECTED_BY, ADMIN_KEYS } from '../brand.js';
import {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_JSON_CONTAINERS,
  DEFAULT_MAX_JSON_DEPTH,
  DEFAULT_MAX_PARTS,
  DEFAULT_MAX_STRUCTURED_BODY_BYTES,
  DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES,
  DEFAULT_MAX_URL_BYTES,
} from '../core/limits.js';
import type { ServerOptions } from '../core/options.js';
import type { OperationMeta, RequestContext, RouteMatch, Routes } from '../core/types.js';
import { operationMetas } from './operations.js';
import { defaultRequestId } from './request-id.js';

// Handlers are typed per operation in handlers.ts; here they are called generically.
export type AnyHandler = (input: never) => unknown;

export interface Settings {
  routes: Routes;
  /** Each operation as the pipeline reads it, derived from the shared table at startup. */
  operations: Readonly<Record<string, OperationMeta>>;
  handlers: Readonly<Record<string, AnyHandler | undefined>>;
  /** The route of a path below the base path (fixed paths cached). */
  match: (path: string) => RouteMatch | undefined;
  maxBody: number;
  /** Body limit of operations without a security requirement. */
  maxOpen: number;
  maxDepth: number;
  maxStructured: number;
  maxContainers: number;
  maxParts: number;
  /** A JSON body no longer than this cannot exceed the depth or container limit: it is not scanned. */
  scanFloor: number;
  /** Without a trailing slash. */
  basePath: string;
  /** The base path under a framework's mount path: the `basePath` option, else none. */
  mountedBase: string;
  maxUrl: number;
  bodyTimeout: number;
  noAccessTokens: ReadonlySet<string>;
  /** The operations admin keys may call; undefined: no admin-key rule (an admin key is like any principal). */
  adminOps: ReadonlySet<string> | undefined;
  /** The 403's message for an admin key elsewhere, from the config; null: the default wording. */
  adminMessage: string | null;
  newId: () => string;
  authenticate: ServerOptions['authenticate'];
  rateLimit: ServerOptions['rateLimit'];
  onError: (error: unknown, ctx: RequestContext) => void;
}

export function resolveSettings(
  routes: Routes,
  handlers: Readonly<Record<string, AnyHandler | undefined>>,
  options: ServerOptions,
): Settings {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxContainers = options.maxJsonContainers ?? DEFAULT_MAX_JSON_CONTAINERS;
  const basePath = (options.basePath ?? routes.basePath).replace(/\/+$/, '');
  const adminOps = options.adminOperations ?? ADMIN_KEYS?.acceptedBy;
  return {
    routes,
    operations: operationMetas(routes),
    handlers,
    match: matcher(routes),
    maxBody,
    maxOpen: Math.min(maxBody, options.maxUnauthenticatedBodyBytes ?? DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES),
    maxDepth,
    maxStructured: options.maxStructuredBodyBytes ?? DEFAULT_MAX_STRUCTURED_BODY_BYTES,
    maxContainers,
    maxParts: options.maxParts ?? DEFAULT_MAX_PARTS,
    scanFloor: Math.min(maxDepth, maxContainers),
    basePath,
    // Mounted by a framework under a path (`app.use('/v1', ...)`), the mount path stands for the spec's base path.
    mountedBase: options.basePath === undefined ? '' : basePath,
    maxUrl: options.maxUrlBytes ?? DEFAULT_MAX_URL_BYTES,
    bodyTimeout: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    noAccessTokens: new Set(options.accessTokensRejectedBy ?? ACCESS_TOKENS_REJECTED_BY),
    adminOps: adminOps === undefined ? undefined : new Set(adminOps),
    adminMessage: ADMIN_KEYS?.message ?? null,
    newId: options.requestId ?? defaultRequestId,
    authenticate: options.authenticate,
    rateLimit: options.rateLimit,
    onError: options.onError ?? logError,
  };
}

/** Bound on the cache of fixed-path matches (a spec has far fewer fixed paths). */
const MAX_FIXED_ROUTES = 4096;

/** Matches of paths without parameters, which are as many as the spec's fixed paths: a lookup instead of a match. */
function matcher(routes: Routes): (path: string) => RouteMatch | undefined {
  const fixed = new Map<string, RouteMatch>();
  return (path) => {
    const known = fixed.get(path);
    if (known !== undefined) return known;
    const route = routes.match(path);
    if (route !== undefined && fixed.size < MAX_FIXED_ROUTES && !hasKeys(route.params))
      fixed.set(path, route);
    return route;
  };
}

function hasKeys(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

/** Handler errors when no `onError` is given: logged, with the operation and request id to find them by. */
function logError(error: unknown, ctx: RequestContext): void {
  console.error(`[server] ${ctx.operationId} ${ctx.requestId}: handler error`, error);
}
