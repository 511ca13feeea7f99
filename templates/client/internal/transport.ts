/**
 * Sending one prepared request: a per-attempt timeout, redirects followed by the client, and retries by the API's
 * documented rules (retryable statuses, connection failures, never a non-idempotent request that may have been
 * applied), within the retry count and the retry-time budget.
 */
import { mediaTypeOf } from '../../protocol/selection.js';
import { EVENT_STREAM } from '../../protocol/sse.js';
import type { RawResult } from '../core/api-promise.js';
import { mayHaveBeenSent } from './retry.js';
import { clearDeadline, setDeadline } from './deadlines.js';
import { CancellableDispatch, cancelsThroughDispatcher } from './dispatch-cancel.js';
import {
  APIConnectionError,
  APIError,
  APIRedirectError,
  APITimeoutError,
  APIUserAbortError,
  ClientError,
  excerpt,
} from '../core/errors.js';
import { MAX_ERROR_BODY_BYTES, readText, withIdleTimeout } from './limits.js';
import type { OperationSpec, ResponseSpec } from './operation.js';
import type { Clock, Fetch } from '../core/options.js';
import { parseErrorBody } from './parse.js';
import { followRedirects, isRedirect } from './redirects.js';
import { isRetryableStatus, needsUserAction, retryDelay } from './retry.js';

/** Methods whose repetition may apply twice (RFC 9110 §9.2.2): a connection failure after sending is not retried blindly. */
export const NON_IDEMPOTENT: ReadonlySet<string> = new Set(['POST', 'PATCH']);

/** One request, ready to send, and the limits it is sent under. */
export interface Transfer {
  op: OperationSpec;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  expected: ResponseSpec;
  fetch: Fetch;
  /** Merged `fetchOptions` of the client and the request, if any. */
  init: RequestInit | undefined;
  maxRetries: number;
  /** The statuses retried (`isRetryableStatus`). */
  retryStatuses: readonly (number | string)[];
  /** Per attempt, in milliseconds; 0: none. */
  timeout: number;
  idleTimeout: number;
  maxSize: number;
  /** Whether a request that may have reached the server can be sent again (idempotent, keyed, or allowed). */
  safeToResend: boolean;
  clock: Clock;
  /** No retry is started after this time (the clock's milliseconds). */
  deadline: number;
  signal: AbortSignal | undefined;
}

export async function transmit(t: Transfer): Promise<RawResult> {
  const { op, url, expected, timeout, signal } = t;
  const buffered = expected.kind !== 'sse' && expected.kind !== 'binary';
  // On Node's own fetch, the timeout and the caller's signal cancel a buffered call through the attempt's
  // dispatcher: a signal handed to fetch costs Node's fetch about 10 µs per request (see dispatch-cancel.ts).
  const viaDispatcher =
    (timeout > 0 || signal !== undefined) &&
    buffered &&
    t.init?.signal == null &&
    cancelsThroughDispatcher(t.fetch);
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new APIUserAbortError();
    // Otherwise one controller and timer per attempt: fetch can only be cancelled through a signal given when it
    // starts. With `timeout: 0` (no timeout), no caller signal and a buffered body nothing can cancel the request,
    // so it gets no signal at all.
    const controller =
      !viaDispatcher && (timeout > 0 || signal || !buffered) ? new AbortController() : undefined;
    const dispatcher = viaDispatcher
      ? new CancellableDispatch(
          (t.init as { dispatcher?: unknown } | undefined)?.dispatcher as ConstructorParameters<
            typeof CancellableDispatch
          >[0],
        )
      : undefined;
    const onAbort =
      signal &&
      (controller || dispatcher) &&
      (() =>
        controller
          ? controller.abort()
          : dispatcher!.cancel(new DOMException('This operation was aborted', 'AbortError')));
    if (onAbort) signal.addEventListener('abort', onAbort, { once: true });
    // On Node's fetch the deadline shares a timer with the other attempts (deadlines.ts); the connection in use
    // keeps the process alive meanwhile. Elsewhere a timer of its own, which does.
    let timedOut = false;
    const expiry = dispatcher && timeout > 0 ? setDeadline(timeout, dispatcher) : undefined;
    const timer =
      timeout > 0 && !dispatcher
        ? setTimeout(() => {
            timedOut = true;
            controller!.abort();
          }, timeout)
        : undefined;
    // Redirects are followed by followRedirects, never by fetch: see redirects.ts.
    // A GET without body gives fetch only what differs from its defaults: each member of the init costs a conversion.
    const request: RequestInit & { dispatcher?: unknown } = t.init
      ? { ...t.init, method: op.method, headers: t.headers, body: t.body ?? null, redirect: 'manual' }
      : op.method === 'GET' && t.body === undefined
        ? { headers: t.headers, redirect: 'manual' }
        : { method: op.method, headers: t.headers, body: t.body ?? null, redirect: 'manual' };
    if (controller) request.signal = controller.signal;
    if (dispatcher) request.dispatcher = dispatcher;
    let failure: APIError;
    let retryable: boolean;
    let streaming = false;
    try {
      let response = await t.fetch(url, request);
      if (isRedirect(response.status)) response = await followRedirects(t.fetch, url, request, response);
      if (response.ok) {
        // On Node's fetch the declared size comes from the dispatcher's copy of the raw headers (no Headers#get).
        if (buffered)
          return {
            response,
            controller,
            text: await readText(response, t.maxSize, false, dispatcher?.declaredLength()),
          };
        if (expected.kind === 'sse' && !isEventStream(response)) {
          // A JSON or HTML answer to a stream request: the server's message, not "the stream ended early".
          const text = await readText(response, MAX_ERROR_BODY_BYTES, true);
          throw new APIError(
            response.status,
            parseErrorBody(text),
            `Expected an event stream, got ${response.headers.get('content-type') ?? 'no content type'}: ${excerpt(text)}`,
            response.headers,
          );
        }
        // A stream handed over unread stays tied to the caller's signal, so aborting it ends the stream.
        streaming = true;
        if (t.idleTimeout > 0 && response.body) {
          const body = withIdleTimeout(response.body, t.idleTimeout, controller!);
          return {
            response: new Response(body, {
              status: response.status,
              statusText: response.statusText,
              headers: response.headers,
            }),
            controller,
          };
        }
        return { response, controller };
      }
      const errorBody = parseErrorBody(await readText(response, MAX_ERROR_BODY_BYTES, true));
      failure = APIError.fromResponse(response.status, errorBody, response.headers);
      retryable =
        isRetryableStatus(response.status, t.retryStatuses) && !needsUserAction(response.status, errorBody);
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError();
      if (dispatcher?.timedOut) timedOut = true;
      // A local failure (a limit, an unexpected answer) would fail the same way again: never retried.
      if (error instanceof ClientError) throw error;
      if (timedOut) failure = new APITimeoutError();
      else if (isRedirectFailure(error)) throw new APIRedirectError(undefined, { cause: error });
      else failure = new APIConnectionError(undefined, { cause: error });
      // The server may have acted on a request it received in full: resending a create could apply it twice.
      if (!t.safeToResend && mayHaveBeenSent(error, timedOut)) {
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
    if (attempt >= t.maxRetries) throw failure;
    const delay = retryDelay(attempt + 1, failure.headers, t.clock);
    if (t.clock.now() + delay > t.deadline) throw failure;
    try {
      await t.clock.sleep(delay, signal);
    } catch {
      throw new APIUserAbortError();
    }
  }
}

function isEventStream(response: Response): boolean {
  return mediaTypeOf(response.headers.get('content-type')) === EVENT_STREAM;
}

/** Node's fetch reports a redirect loop as `TypeError: fetch failed` whose cause says "redirect count exceeded". */
function isRedirectFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (/redirect/i.test(e.message)) return true;
  }
  return false;
}
