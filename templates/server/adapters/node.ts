/**
 * `node:http` adapter: `http.createServer(NODE_SERVER_OPTIONS, toNodeListener(server))`. Node's own header limit
 * (16 KiB by default) answers 431 before this code runs; the options raise it so the pipeline's 64 KiB limit
 * applies, and set the timeouts of a public server. Express and Fastify: see the examples in this folder's
 * README.md. A body a framework has already read (`express.json()` sets `req.body`; a `rawBody` from a parser) is
 * taken from there; under Express a request no route matches goes to `next()`, and a mount path
 * (`app.use('/v1', ...)`, `req.baseUrl`) stands for the spec's base path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { INTERNAL_ERROR_JSON } from '../../protocol/envelope.js';
import type { NeutralRequest, NeutralResponse } from '../core/types.js';
import type { CoreServer } from '../pipeline/server.js';
import { Lifecycle, ServerClosingError } from '../core/lifecycle.js';
import { nextOrAbort, turnTaker } from './stream-step.js';

/** A `maxHeaderSize` for `http.createServer` that leaves the 64 KiB limit to the pipeline (431 with the envelope). */
export const NODE_MAX_HEADER_SIZE = 80 * 1024;

/**
 * Options for `http.createServer(NODE_SERVER_OPTIONS, server.node)`: the header limit above, and timeouts for a
 * server open to anyone (Node's defaults wait 60 s for headers and 300 s for a request). The body's own idle
 * timeout is the pipeline's `bodyTimeoutMs` (30 s).
 */
export const NODE_SERVER_OPTIONS = Object.freeze({
  maxHeaderSize: NODE_MAX_HEADER_SIZE,
  /** The whole request head must arrive within 15 s (slow-header connections are closed with 408). */
  headersTimeout: 15_000,
  /** The whole request, body included, within 120 s (a 32 MiB upload at 2.3 Mbit/s); raise it for slower uploads. */
  requestTimeout: 120_000,
  /** An idle keep-alive connection is closed after 5 s. */
  keepAliveTimeout: 5_000,
  /** How often Node checks the two timeouts above (its default, 30 s, lets them run late by that much). */
  connectionsCheckingInterval: 2_000,
});

/** A listener for `node:http`, Express and Connect (`next` is called for requests no route matches). */
export type NodeListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * Headers from the raw list, names in lower case, repeated ones joined with ', '. A plain object (fast properties,
 * unlike a prototype-less one); a header named `__proto__` is dropped, in both adapters.
 */
function joined(rawHeaders: readonly string[]): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const key = rawHeaders[i]!.toLowerCase();
    if (key === '__proto__') continue;
    const value = rawHeaders[i + 1]!;
    const seen = headers[key];
    headers[key] = seen === undefined ? value : `${seen}, ${value}`;
  }
  return headers;
}

/**
 * The pipeline's view of a node request. A class (not an object literal with closures) so a request costs one
 * allocation; the body stream and the abort signal are made on first use only, since most requests need neither.
 */
class NodeRequest implements NeutralRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly headerBytes: number;
  #controller: AbortController | undefined;
  readonly raw: IncomingMessage;
  readonly res: ServerResponse;

  readonly mountPath: string | undefined;

  constructor(raw: IncomingMessage, res: ServerResponse) {
    this.raw = raw;
    this.res = res;
    this.method = raw.method ?? 'GET';
    this.url = raw.url ?? '/';
    const mount = (raw as { baseUrl?: unknown }).baseUrl;
    this.mountPath = typeof mount === 'string' && mount !== '' ? mount : undefined;
    // Node's own `req.headers` (built anyway: Node reads `host` and `expect` itself) keeps only the first of some
    // repeated headers (Content-Type, Authorization...), which would make the adapters disagree. So when a name
    // repeats, the headers are made from the raw list instead, repeated ones joined with ', ' as a web `Headers`
    // joins them; otherwise (nearly always) Node's object is used as it is.
    const rawHeaders = raw.rawHeaders;
    let headerBytes = 0;
    for (let i = 0; i < rawHeaders.length; i++) headerBytes += rawHeaders[i]!.length + 2;
    const own = raw.headers as Record<string, string | undefined>;
    let names = 0;
    for (const _ in own) names++;
    this.headers =
      names * 2 === rawHeaders.length && own['set-cookie'] === undefined ? own : joined(rawHeaders);
    this.headerBytes = headerBytes;
  }
  get body(): AsyncIterable<Uint8Array> {
    const taken = consumedBody(this.raw);
    if (taken) return once(taken);
    return bodyOf(this.raw);
  }
  /**
   * With a `content-length` and all of it already parsed into the stream's buffer (a small body arrives with its
   * head), the body is taken in one synchronous read: no 'data' events, no promise.
   */
  bufferedBody(): Uint8Array | undefined {
    const raw = this.raw;
    const declared = this.headers['content-length'];
    if (raw.readableEnded || (raw as { _body?: unknown })._body) return consumedBody(raw);
    if (
      declared === undefined ||
      raw.readableFlowing ||
      raw.destroyed ||
      raw.readableLength !== Number(declared)
    )
      return undefined;
    if (raw.readableLength === 0) return new Uint8Array(0);
    const chunk = raw.read() as Buffer | null;
    return chunk ?? undefined;
  }
  /** Why the signal was aborted by the server itself (shutdown), if it was. */
  stopped: 'shutdown' | 'timeout' | undefined;

  /** Shutdown aborts the handler's signal (its `reason` says `shutdown`) through this. */
  abort(reason: 'shutdown' | 'timeout'): void {
    this.stopped ??= reason;
    const signal = this.signal;
    if (!signal.aborted) this.#controller!.abort(new ServerClosingError(reason));
  }

  /** Aborted when the response closes before it was finished (the client went away), the request fails, or the server shuts down. */
  get signal(): AbortSignal {
    let controller = this.#controller;
    if (!controller) {
      controller = this.#controller = new AbortController();
      const { res, raw } = this;
      const abort = () => controller!.abort();
      if ((res.destroyed && !res.writableFinished) || raw.errored) abort();
      else {
        res.on('close', () => {
          if (!res.writableFinished) abort();
        });
        raw.on('error', abort);
      }
    }
    return controller.signal;
  }
}

export function toNodeListener(server: CoreServer): NodeListener {
  // A hand-made server may be a class whose methods use `this`.
  const run = server.run ? server.run.bind(server) : server.handle.bind(server);
  const life = server.lifecycle ?? new Lifecycle();
  const start = (
    req: IncomingMessage,
    res: ServerResponse,
    next: ((error?: unknown) => void) | undefined,
  ) => {
    const request = new NodeRequest(req, res);
    life.begin(req.socket);
    let answer: NeutralResponse | Promise<NeutralResponse>;
    try {
      answer = run(request);
    } catch {
      internalError(res);
      return life.end(req.socket);
    }
    if (isPromise(answer)) {
      answer.then(
        (response) => deliver(res, response, request, life, next),
        () => {
          internalError(res);
          life.end(req.socket);
        },
      );
    } else deliver(res, answer, request, life, next);
  };
  // Requests are started once the event loop has read this turn's input (`setImmediate`), all together: by then the
  // parser has pushed the rest of each packet, usually the whole body, and the responses of requests that arrived
  // together are written together, so a client reading many connections is woken once for them, not once each.
  // Flat (req, res, next) triples: no object allocated per request.
  let batch: unknown[] = [];
  const startBatch = () => {
    const started = batch;
    batch = [];
    // One request's failure (a framework's `next` throwing) must not leave the others of its batch unanswered.
    let failed: { error: unknown } | undefined;
    for (let i = 0; i < started.length; i += 3) {
      try {
        start(
          started[i] as IncomingMessage,
          started[i + 1] as ServerResponse,
          started[i + 2] as ((error?: unknown) => void) | undefined,
        );
      } catch (error) {
        failed ??= { error };
      }
    }
    if (failed) throw failed.error;
  };
  // A request received before `close()` is answered as usual, even when its batch has not started yet.
  life.beforeClose(() => {
    if (batch.length > 0) startBatch();
  });
  return (req, res, next) => {
    if (batch.length === 0) setImmediate(startBatch);
    batch.push(req, res, typeof next === 'function' ? next : undefined);
  };
}

/** Sends the answer, or hands a request no route matched to the framework's next handler. */
function deliver(
  res: ServerResponse,
  response: NeutralResponse,
  request: NodeRequest,
  life: Lifecycle,
  next: ((error?: unknown) => void) | undefined,
): void {
  const socket = request.raw.socket;
  if (response.unrouted && next) {
    life.end(socket);
    return next();
  }
  if (life.closing) response.close = true;
  const streaming = send(res, response, request, life);
  if (streaming) void streaming.finally(() => life.end(socket));
  else life.end(socket);
}

/** Thrown when another middleware read the body and left nothing the pipeline can use; `onError` receives it. */
export class BodyConsumedError extends Error {
  constructor() {
    super(
      'The request body was already read by another middleware and not kept as bytes or JSON (req.rawBody or req.body). ' +
        'Mount the server before body parsers, or see generated/server/README.md for Express and Fastify.',
    );
    this.name = 'BodyConsumedError';
  }
}

const encoder = new TextEncoder();

/**
 * The body as a framework left it: `rawBody` bytes, or `req.body` as bytes, a string, or parsed JSON (written back
 * as JSON, which the pipeline parses and validates as usual). `undefined` while the body is still in the stream.
 */
function consumedBody(raw: IncomingMessage): Uint8Array | undefined {
  const r = raw as IncomingMessage & { body?: unknown; rawBody?: unknown; _body?: unknown };
  if (r.rawBody instanceof Uint8Array) return r.rawBody;
  if (typeof r.rawBody === 'string') return encoder.encode(r.rawBody);
  const consumed = r.readableEnded || r._body === true;
  if (!consumed) return undefined;
  const body = r.body;
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return encoder.encode(body);
  const type = (raw.headers['content-type'] ?? '').toLowerCase();
  if (body !== undefined && body !== null && /[/+]json\b/.test(type))
    return encoder.encode(JSON.stringify(body));
  // Ended with nothing kept: an empty request (no declared length) is fine, anything else was taken by someone else.
  const declared = Number(raw.headers['content-length'] ?? 0);
  if (declared === 0 && raw.headers['transfer-encoding'] === undefined && body === undefined)
    return new Uint8Array(0);
  throw new BodyConsumedError();
}

function once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  };
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function internalError(res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(INTERNAL_ERROR_JSON);
  } else res.destroy();
}

/**
 * The request body as chunks. Unlike the stream's own iterator, stopping early (413) does not destroy the socket,
 * so the error response can still be sent; the rest of the body is drained.
 */
function bodyOf(req: IncomingMessage): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator]() {
      const queue: Uint8Array[] = [];
      let ended = false;
      let failed: Error | undefined;
      let wake: (() => void) | undefined;
      // No pause/resume per chunk (each is a syscall); the pipeline's body limit bounds what is queued.
      const onData = (chunk: Uint8Array) => {
        queue.push(chunk);
        wake?.();
      };
      req.on('data', onData);
      req.on('end', () => {
        ended = true;
        wake?.();
      });
      req.on('error', (error) => {
        failed = error;
        wake?.();
      });
      req.on('close', () => {
        if (!ended) failed ??= new Error('the client closed the connection before sending the whole body');
        wake?.();
      });
      return {
        async next(): Promise<IteratorResult<Uint8Array>> {
          for (;;) {
            const chunk = queue.shift();
            if (chunk) return { done: false, value: chunk };
            if (failed) throw failed;
            if (ended) return { done: true, value: undefined };
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
          }
        },
        // Also ends a read that is waiting (the pipeline's body timeout relies on it).
        async return(): Promise<IteratorResult<Uint8Array>> {
          req.off('data', onData);
          req.resume();
          ended = true;
          queue.length = 0;
          wake?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** Writes the answer: one `writeHead` with the headers and one `end` for whole bodies; streams otherwise (the promise). */
function send(
  res: ServerResponse,
  response: NeutralResponse,
  request: NodeRequest,
  life: Lifecycle,
): Promise<void> | undefined {
  // The response is the pipeline's own, made for this request: its headers are completed in place.
  const headers = response.headers;
  if (response.close) headers.connection = 'close';
  const body = response.body;
  try {
    if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
      if (body !== null)
        headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
      res.writeHead(response.status, headers);
      res.end(body ?? undefined);
      return undefined;
    }
    res.writeHead(response.status, headers);
  } catch {
    // E.g. a handler's header value with characters HTTP forbids.
    internalError(res);
    return undefined;
  }
  life.watch(request, true);
  return stream(res, body, request)
    .catch(() => internalError(res))
    .finally(() => life.unwatch(request));
}

async function stream(
  res: ServerResponse,
  body: AsyncIterable<Uint8Array>,
  request: NodeRequest,
): Promise<void> {
  res.flushHeaders();
  const signal = request.signal;
  const iterator = body[Symbol.asyncIterator]();
  const turn = turnTaker();
  try {
    while (!signal.aborted) {
      // Other requests are served while items are ready at once (see stream-step.ts).
      const wait = turn();
      if (wait) await wait;
      // The abort ends the wait too, so a producer waiting for its next item does not hold the stream open.
      const next = await nextOrAbort(iterator, signal);
      // oxlint-disable-next-line typescript/no-unnecessary-condition -- the signal may abort during the await
      if (next === 'aborted' || next.done || signal.aborted) break;
      // Each chunk is written at once (an SSE event is flushed); wait for drain when the client reads slowly.
      if (!res.write(next.value))
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
    }
  } catch (error) {
    // A producer failing mid-stream (the pipeline has called onError): the status is already sent, so the
    // response is cut off without its last chunk, and the client sees a failed stream, not a complete one. What was
    // written is flushed first, so the client still gets the events before the failure.
    if (!res.destroyed) await new Promise<void>((resolve) => res.write('', () => resolve()));
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  if (signal.aborted) {
    // Not awaited: a producer waiting for its next item finishes once it sees the signal.
    iterator.return?.().catch(() => undefined);
    // Shutdown ends the response cleanly (the client sees a complete message, without a stream terminator);
    // a client that went away gets its connection cut.
    if (request.stopped === 'shutdown' && !res.destroyed) res.end();
    else res.destroy();
  } else if (!res.writableEnded) res.end();
}
