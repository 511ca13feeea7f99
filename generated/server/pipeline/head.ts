// Copied by platform-api-codegen from its runtime (templates/server/pipeline/head.ts). Do not edit: every generation replaces it.
/**
 * Stages 1 to 3, decided from the request's head: the size limits (414, 431, 413), `X-Client-Request-Id` (400), the
 * route (404, 405 + `Allow`) and the path parameters (400); then authentication, or the rate limit for an
 * operation without a security requirement.
 */
import {
  CLIENT_REQUEST_ID_HEADER,
  CLIENT_REQUEST_ID_RULE,
  isValidClientRequestId,
} from '../../protocol/request-id.js';
import { MAX_HEADER_BYTES } from '../core/limits.js';
import type { NeutralResponse } from '../core/types.js';
import { bag } from '../request/fields.js';
import { authenticate } from './auth.js';
import { fail, failClose, type Answer, type Exchange } from './exchange.js';
import { limited } from './rate-limit.js';

const NO_PARAMS: Record<string, string> = Object.freeze(bag<string>());

/** What a decoded path parameter may not contain (see the path-parameter check in `start`). */
const UNSAFE_SEGMENT = /[\x00-\x1f\x7f/\\]/;

export function start(f: Exchange): Answer {
  const req = f.req;
  const s = f.s;
  // 1. Size limits.
  if (req.url.length > s.maxUrl)
    return fail(f, 414, `The request URL is too long (at most ${s.maxUrl} bytes).`, 'uri_too_long');
  if (req.headerBytes > MAX_HEADER_BYTES)
    return failClose(f, 431, 'Request headers are too large (at most 64 KiB).', 'headers_too_large');
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > s.maxBody)
    return failClose(f, 413, `Request body is too large (at most ${s.maxBody} bytes).`, 'body_too_large');
  // 2. Client request id: the rule the client applies too (protocol/request-id.ts).
  const clientId = req.headers['x-client-request-id'];
  if (clientId !== undefined && !isValidClientRequestId(clientId)) {
    return fail(
      f,
      400,
      `${CLIENT_REQUEST_ID_HEADER} must be ${CLIENT_REQUEST_ID_RULE}.`,
      'invalid_client_request_id',
      CLIENT_REQUEST_ID_HEADER,
    );
  }
  // 3. Route.
  const url = routable(req.url);
  const q = (f.q = url.indexOf('?'));
  const path = q === -1 ? url : url.slice(0, q);
  const mount = req.mountPath;
  const base = mount ? s.mountedBase : s.basePath;
  const fullPath = mount ? mount + path : path;
  // `path` is `base` or starts with `base/` (compared in place: no string made per request).
  if (base && path !== base && !(path.charCodeAt(base.length) === 47 && path.startsWith(base)))
    return unrouted(f, fullPath);
  const route = s.match(base ? path.slice(base.length) : path);
  if (!route) return unrouted(f, fullPath);
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
  const op = (f.op = s.operations[operationId]!);
  f.operationId = operationId;
  const limit = (f.limit = Math.min(op.body?.maxBytes ?? s.maxBody, op.secured ? s.maxBody : s.maxOpen));
  if (declared !== undefined && Number(declared) > limit)
    return failClose(f, 413, `Request body is too large (at most ${limit} bytes).`, 'body_too_large');
  f.ctx = { operationId, requestId: f.requestId, method, path: fullPath, headers: req.headers };
  // Most routes have no parameter: they share one empty record rather than make one per request.
  let params: Record<string, string> | undefined;
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
      return fail(
        f,
        400,
        `Path parameter ${k} must not contain '/', '\\' or control characters, nor be '.' or '..'.`,
        'invalid_path',
        k,
      );
    }
    (params ??= bag<string>())[k] = value;
  }
  f.params = params ?? NO_PARAMS;
  // 4. Authentication.
  return op.secured ? authenticate(f) : limited(f);
}

/** 404, marked so an adapter inside a framework can pass the request on instead (Express's `next()`). */
function unrouted(f: Exchange, fullPath: string): NeutralResponse {
  const res = fail(f, 404, `No route for ${fullPath}.`, 'not_found');
  res.unrouted = true;
  return res;
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
