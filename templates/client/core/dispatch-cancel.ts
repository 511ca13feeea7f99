/**
 * Cancelling a request of Node's built-in fetch without giving it an AbortSignal. Node 20's fetch makes a signal of
 * its own follow any signal it is given (a listener, a weak reference and a finalizer registration per request),
 * about a tenth of a call to a local server. Its requests run on a `dispatcher` (undici's connection pool), which
 * hands each request an abort function: a per-attempt dispatcher wrapping the one fetch would use keeps that
 * function, and calling it destroys the request's connection, as an aborted signal does; fetch then fails.
 * Used only where this is known to hold: Node's own fetch on undici 6 or 7 (Node 20 to 24), whose handlers have
 * `onConnect(abort)`. Anywhere else the client passes a signal.
 */

type Abort = (reason: Error) => void;

/** The dispatch handler of undici 6 and 7. */
interface Handler {
  onConnect(abort: Abort, context?: unknown): unknown;
  onError(error: Error): unknown;
  onUpgrade?(statusCode: number, headers: unknown, socket: unknown): unknown;
  onResponseStarted?(): unknown;
  onHeaders?(statusCode: number, headers: unknown, resume: () => void, statusText: string): unknown;
  onData?(chunk: unknown): unknown;
  onComplete?(trailers: unknown): unknown;
  onBodySent?(chunk: unknown): unknown;
  onRequestSent?(): unknown;
}

interface Dispatcher {
  dispatch(options: object, handler: Handler): boolean;
}

/** Where undici, and Node's fetch, keep the global dispatcher (set by `setGlobalDispatcher` too). */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

const verdicts = new WeakMap<object, boolean>();

/** True when `fetchImpl` is Node's built-in fetch on an undici whose dispatch handlers this module knows. */
export function cancelsThroughDispatcher(fetchImpl: object): boolean {
  let verdict = verdicts.get(fetchImpl);
  if (verdict === undefined) {
    verdict = isNodeFetch(fetchImpl);
    verdicts.set(fetchImpl, verdict);
  }
  return verdict;
}

function isNodeFetch(fetchImpl: object): boolean {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process?.versions;
  const major = Number(versions?.undici?.split('.')[0]);
  if (!versions?.node || versions.bun !== undefined || (major !== 6 && major !== 7)) return false;
  // Node's own fetch loads its bundled undici; a wrapper (a mock, a patched global) may ignore `dispatcher`.
  return Function.prototype.toString.call(fetchImpl).includes('internal/deps/undici/undici');
}

/**
 * The dispatcher of one attempt: passes every request (the first and each redirect) to `base`, or to the global
 * dispatcher, and `cancel` ends the one in progress as an aborted signal would: fetch fails at once, and the
 * connection is destroyed, or the request is dropped when it reaches one.
 */
export class CancellableDispatch implements Dispatcher {
  private current: CancellableHandler | undefined = undefined;
  private reason: Error | undefined = undefined;
  timedOut = false;
  private readonly base: Dispatcher | undefined;

  // No parameter properties: the packages compile with `erasableSyntaxOnly`.
  constructor(base: Dispatcher | undefined) {
    this.base = base;
  }

  dispatch(options: object, handler: Handler): boolean {
    if (this.reason) {
      handler.onError(this.reason);
      return false;
    }
    const base = this.base ?? (globalThis as Record<symbol, Dispatcher | undefined>)[GLOBAL_DISPATCHER];
    if (!base) throw new TypeError('No undici dispatcher to send the request with.');
    this.current = new CancellableHandler(handler);
    return base.dispatch(options, this.current);
  }

  /** Cancels the request as a timeout does; `timedOut` then says so. */
  timeOut(): void {
    if (this.reason) return;
    this.timedOut = true;
    this.cancel(new DOMException('The operation timed out.', 'TimeoutError'));
  }

  cancel(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.current?.cancel(reason);
  }
}

/** Passes each event to fetch's handler, keeping the request's abort function for `cancel`. */
class CancellableHandler implements Handler {
  private abort: Abort | undefined = undefined;
  /** Set when cancelled before a connection was free: fetch has already been told, undici not yet. */
  private dropped: Error | undefined = undefined;
  private readonly inner: Handler;

  constructor(inner: Handler) {
    this.inner = inner;
  }

  cancel(reason: Error): void {
    if (this.abort) this.abort(reason);
    else {
      this.dropped = reason;
      this.inner.onError(reason);
    }
  }

  onConnect(abort: Abort, context?: unknown): unknown {
    if (this.dropped) return abort(this.dropped);
    this.abort = abort;
    return this.inner.onConnect(abort, context);
  }

  onError(error: Error): unknown {
    return this.dropped ? undefined : this.inner.onError(error);
  }

  onUpgrade(statusCode: number, headers: unknown, socket: unknown): unknown {
    return this.inner.onUpgrade?.(statusCode, headers, socket);
  }

  onResponseStarted(): unknown {
    return this.inner.onResponseStarted?.();
  }

  onHeaders(statusCode: number, headers: unknown, resume: () => void, statusText: string): unknown {
    return this.inner.onHeaders?.(statusCode, headers, resume, statusText);
  }

  onData(chunk: unknown): unknown {
    return this.inner.onData?.(chunk);
  }

  onComplete(trailers: unknown): unknown {
    return this.inner.onComplete?.(trailers);
  }

  onBodySent(chunk: unknown): unknown {
    return this.inner.onBodySent?.(chunk);
  }

  onRequestSent(): unknown {
    return this.inner.onRequestSent?.();
  }
}
