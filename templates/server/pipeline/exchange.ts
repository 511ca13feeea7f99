/**
 * One exchange (a request and its answer) on its way through the pipeline, and the ways it ends: an answer finished
 * with the headers every response carries, an error answer, or a handler error turned into a 500. The stages
 * (head.ts, auth.ts, rate-limit.ts, body.ts, handler.ts) are plain functions over this record rather than one async
 * function: a request whose hooks, body and handler are synchronous then costs no promise and no closure.
 */
import { errorJson, INTERNAL_ERROR_MESSAGE } from '../../protocol/envelope.js';
import { VERSION_HEADER } from '../brand.js';
import { HttpError } from '../core/errors.js';
import { DRAIN_BODY_BYTES } from '../core/limits.js';
import type {
  NeutralRequest,
  NeutralResponse,
  OperationMeta,
  Principal,
  RequestContext,
} from '../core/types.js';
import { safeHeaders } from './respond.js';
import type { Settings } from './settings.js';

export interface Exchange {
  /** The server's resolved options. */
  s: Settings;
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
  /** Whether reading the body has begun: an answer before that leaves it unread (see `DRAIN_BODY_BYTES`). */
  read: boolean;
}

export type Answer = NeutralResponse | Promise<NeutralResponse>;

/**
 * `await` costs a turn of the microtask queue even for plain values; awaiting only real promises keeps the
 * synchronous hooks and handlers (the common case) on the fast path.
 */
export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Adds the headers every response carries; closes the connection when a large body was left unread. */
export function finish(f: Exchange, res: NeutralResponse): NeutralResponse {
  const h = res.headers;
  h['x-request-id'] = f.requestId;
  if (VERSION_HEADER) h[VERSION_HEADER[0]] = VERSION_HEADER[1];
  h['service-processing-ms'] = String(Math.round(performance.now() - f.started));
  const extra = f.extra;
  if (extra) for (const k in extra) h[k] ??= extra[k]!;
  // Answered before the body was read (401, 404, 415...): reading on would let anyone upload for free.
  if (!f.read && !res.close && unreadBody(f.req)) res.close = true;
  return res;
}

export function json(status: number, value: unknown, headers?: Record<string, string>): NeutralResponse {
  return {
    status,
    headers: headers
      ? { 'content-type': 'application/json', ...headers }
      : { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}

/** The error envelope with this status. */
export function fail(
  f: Exchange,
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
  headers?: Record<string, string>,
): NeutralResponse {
  return finish(f, {
    status,
    headers: headers
      ? { 'content-type': 'application/json', ...headers }
      : { 'content-type': 'application/json' },
    body: errorJson(status, message, code, param),
  });
}

/** The error envelope, and the connection closed (the rest of the body is not read). */
export function failClose(f: Exchange, status: number, message: string, code: string): NeutralResponse {
  const res = fail(f, status, message, code);
  res.close = true;
  return res;
}

/** Hands an error to `onError`. */
export function report(f: Exchange, error: unknown): void {
  try {
    if (f.ctx) f.s.onError(error, f.ctx);
  } catch {
    // A failing error hook must not turn a 500 into a crash.
  }
}

/** An error thrown by a handler or a hook: its HttpError's answer, else a 500 with no internals (and `onError`). */
export function failure(f: Exchange, error: unknown): NeutralResponse {
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
  return fail(f, 500, INTERNAL_ERROR_MESSAGE, 'internal_error');
}

/** Continues with `next` once `pending` settles; anything thrown or rejected becomes the error answer. */
export function later<T>(
  f: Exchange,
  pending: Promise<T>,
  next: (f: Exchange, value: T) => Answer,
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

/** Whether the request has a body, from its head (`hasBody` only when neither length header is there, as in HTTP/2). */
export function announcesBody(req: NeutralRequest): boolean {
  const declared = req.headers['content-length'];
  if (declared !== undefined) return Number(declared) !== 0;
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return req.hasBody === true;
}

/** A body the pipeline did not read and that is not worth reading to keep the connection (large or of unknown length). */
function unreadBody(req: NeutralRequest): boolean {
  if (!announcesBody(req)) return false;
  const declared = req.headers['content-length'];
  return declared === undefined || !(Number(declared) <= DRAIN_BODY_BYTES);
}
