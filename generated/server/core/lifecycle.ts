// Copied by platform-api-codegen from its runtime (templates/server/core/lifecycle.ts). Do not edit: every generation replaces it.
/**
 * Graceful shutdown, shared by the pipeline and both adapters. `close()` answers requests that start afterwards
 * with 503 and `Connection: close`, stops the listener it is given, ends streams (the handler's `signal` aborts,
 * the response ends cleanly), closes idle keep-alive connections, and resolves once every request in flight has
 * been answered; at the timeout what is left is aborted and its connections are closed.
 */

/** Anything with `close()`: a `node:http` server (`http.createServer(...)`, Express's `app.listen(...)`). */
export interface Closable {
  close(callback?: (error?: Error) => void): unknown;
  /** `node:http` servers: cuts every connection, used when the timeout is reached. */
  closeAllConnections?(): void;
}

export interface CloseOptions {
  /** Milliseconds to wait for requests in flight before they are cut off. Default 10,000. */
  timeout?: number;
  /** The listener to stop accepting connections (its `close()` is called first). */
  server?: Closable;
}

/** A request in flight that shutdown can end: a stream (ended cleanly) or, at the timeout, anything. */
export interface Abortable {
  /** Aborts the handler's signal; `shutdown` says the server is closing (streams then end cleanly). */
  abort(reason: 'shutdown' | 'timeout'): void;
}

/** A connection the node adapter has seen. */
interface TrackedSocket {
  readonly destroyed?: boolean;
  destroy(): unknown;
  end(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

/** The reason of a handler's aborted `signal` when the server shuts down (`close()`), not the client. */
export class ServerClosingError extends Error {
  readonly reason: 'shutdown' | 'timeout';
  constructor(reason: 'shutdown' | 'timeout') {
    super(
      reason === 'shutdown'
        ? 'The server is shutting down.'
        : 'The server shut down before the request finished.',
    );
    this.name = 'ServerClosingError';
    this.reason = reason;
  }
}

export class Lifecycle {
  /** True once `close()` was called: new requests answer 503, every response closes its connection. */
  closing = false;
  #inFlight = 0;
  /** Responses streaming now: shutdown ends them. */
  readonly #streams = new Set<Abortable>();
  /** Other requests the adapter can abort (fetch adapter): only the timeout does. */
  readonly #requests = new Set<Abortable>();
  /**
   * Connections (node adapter) and their requests in flight, so idle ones can be closed. A map rather than a property
   * on Node's socket objects: a property added to them changes their shape under Node's own hot code.
   */
  readonly #sockets = new Map<TrackedSocket, number>();
  #drained: (() => void) | undefined;
  #closed: Promise<void> | undefined;
  /** What `close()` does first (the node adapter starts the requests it has received but not started yet). */
  readonly #beforeClose: (() => void)[] = [];

  /** Registers work `close()` does before it begins: requests received before the call are then answered as usual. */
  beforeClose(work: () => void): void {
    this.#beforeClose.push(work);
  }

  /** A request starts (`socket`: its connection, node adapter only). */
  begin(socket?: TrackedSocket): void {
    this.#inFlight++;
    // A connection already gone (the client left before its request started) would never be removed.
    if (!socket || socket.destroyed) return;
    const n = this.#sockets.get(socket);
    if (n === undefined) socket.once('close', () => this.#sockets.delete(socket));
    this.#sockets.set(socket, (n ?? 0) + 1);
  }

  /** A request has been answered (its response handed to the platform in full, or cut off). */
  end(socket?: TrackedSocket): void {
    this.#inFlight--;
    if (socket) {
      // A connection closed meanwhile is no longer tracked (and not added back).
      const n = (this.#sockets.get(socket) ?? 0) - 1;
      if (n >= 0) this.#sockets.set(socket, n);
      // Closing: a connection left idle (e.g. after a stream, whose headers could not say `close`) is ended,
      // after what was written to it.
      if (this.closing && n === 0) socket.end();
    }
    if (this.closing && this.#inFlight <= 0) this.#drained?.();
  }

  /**
   * Registers a request the timeout may abort, or with `streaming` a response that shutdown ends (at once when the
   * server is already closing).
   */
  watch(request: Abortable, streaming: boolean): void {
    if (!streaming) return void this.#requests.add(request);
    this.#requests.delete(request);
    this.#streams.add(request);
    if (this.closing) request.abort('shutdown');
  }

  unwatch(request: Abortable): void {
    this.#requests.delete(request);
    this.#streams.delete(request);
  }

  close(options: CloseOptions = {}): Promise<void> {
    this.#closed ??= this.#close(options);
    return this.#closed;
  }

  async #close({ timeout = DEFAULT_CLOSE_TIMEOUT_MS, server }: CloseOptions): Promise<void> {
    for (const work of this.#beforeClose) work();
    this.closing = true;
    const stopped = server
      ? new Promise<void>((resolve) => server.close(() => resolve()))
      : Promise.resolve();
    for (const request of this.#streams) request.abort('shutdown');
    for (const [socket, n] of this.#sockets) if (n === 0) socket.destroy();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drained = new Promise<void>((resolve) => {
      this.#drained = resolve;
      if (this.#inFlight <= 0) resolve();
    });
    const expired = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeout)),
    );
    const outcome = await Promise.race([drained, expired]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      for (const request of [...this.#streams, ...this.#requests]) request.abort('timeout');
      for (const socket of this.#sockets.keys()) socket.destroy();
      // Connections that never finished a request head are unknown to the adapter; the listener knows them.
      server?.closeAllConnections?.();
    }
    await stopped;
  }
}
