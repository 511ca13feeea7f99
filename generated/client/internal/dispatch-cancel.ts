// Copied by platform-api-codegen from its runtime (templates/client/internal/dispatch-cancel.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
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
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process
    ?.versions;
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

  /**
   * The declared size of the last response's body, read from undici's raw headers (the same bytes fetch reads, without
   * the cost of `Headers#get`): as `declaredLength` in limits.ts; undefined when the headers are not in the form known.
   */
  declaredLength(): number | undefined {
    return this.current?.declaredLength();
  }

  /** Cancels the request as a timeout does, when its deadline passes (deadlines.ts); `timedOut` then says so. */
  expire(): void {
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
  /** undici's `[name, value, ...]` of the last response, as bytes: kept, never changed (undici starts a new list). */
  private rawHeaders: unknown = undefined;
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
    this.rawHeaders = headers;
    return this.inner.onHeaders?.(statusCode, headers, resume, statusText);
  }

  declaredLength(): number | undefined {
    return Array.isArray(this.rawHeaders) ? rawDeclaredLength(this.rawHeaders) : undefined;
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

/**
 * One `Content-Length` of digits and no `Content-Encoding` (or exactly `identity`, or empty): that length. Anything
 * else, NaN, so that the body is read counting its bytes: a compressed body's declared length is not its size, and
 * an unusual form (two lengths, a non-decimal one) is left to the reading that cannot be misled.
 */
function rawDeclaredLength(raw: readonly unknown[]): number | undefined {
  let length = NaN;
  let lengths = 0;
  // Two encodings headers read as one list (`identity, identity` too): encoded.
  let encodings = 0;
  let identity = true;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i];
    const value = raw[i + 1];
    if (!(name instanceof Uint8Array) || !(value instanceof Uint8Array)) return undefined;
    if (isName(name, 'content-length')) {
      lengths++;
      length = decimal(value);
    } else if (isName(name, 'content-encoding')) {
      encodings++;
      identity = isIdentity(value);
    }
  }
  return encodings > 1 || !identity || lengths !== 1 ? NaN : length;
}

/** A header name, case-insensitively (a token's bytes: `| 0x20` lowercases its letters and changes nothing else in it). */
function isName(bytes: Uint8Array, lower: string): boolean {
  if (bytes.length !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) if ((bytes[i]! | 0x20) !== lower.charCodeAt(i)) return false;
  return true;
}

/** Bytes between optional spaces and tabs, as `from`..`to`. */
function trimmed(bytes: Uint8Array): [number, number] {
  let from = 0;
  let to = bytes.length;
  while (from < to && (bytes[from] === 0x20 || bytes[from] === 0x09)) from++;
  while (to > from && (bytes[to - 1] === 0x20 || bytes[to - 1] === 0x09)) to--;
  return [from, to];
}

function decimal(bytes: Uint8Array): number {
  const [from, to] = trimmed(bytes);
  if (from === to) return NaN;
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = bytes[i]! - 0x30;
    if (digit < 0 || digit > 9) return NaN;
    n = n * 10 + digit;
  }
  return n;
}

/** Empty, or exactly `identity`: what readText takes for no encoding. */
function isIdentity(bytes: Uint8Array): boolean {
  const [from, to] = trimmed(bytes);
  if (from === to) return true;
  const identity = 'identity';
  if (to - from !== identity.length) return false;
  for (let i = 0; i < identity.length; i++) if (bytes[from + i] !== identity.charCodeAt(i)) return false;
  return true;
}
