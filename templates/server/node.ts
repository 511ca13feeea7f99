/**
 * `node:http` adapter: `http.createServer({ maxHeaderSize: NODE_MAX_HEADER_SIZE }, toNodeListener(server))`.
 * Node's own header limit (16 KiB by default) answers 431 before this code runs; raise it as shown so the
 * pipeline's 64 KiB limit applies. Express: `app.use('/v1', toNodeListener(server))` with `basePath: ''` — or
 * mount at the root. Fastify: register a catch-all route whose handler calls the listener with
 * `request.raw, reply.raw` and then `reply.hijack()`, and disable Fastify's body parsing for it
 * (`addContentTypeParser('*', (req, payload, done) => done(null))`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreServer, NeutralRequest, NeutralResponse } from './core.js';

/** A `maxHeaderSize` for `http.createServer` that leaves the 64 KiB limit to the pipeline (431 with the envelope). */
export const NODE_MAX_HEADER_SIZE = 80 * 1024;

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

const INTERNAL_ERROR = '{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":"internal_error"}}';

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

  constructor(raw: IncomingMessage, res: ServerResponse) {
    this.raw = raw;
    this.res = res;
    this.method = raw.method ?? 'GET';
    this.url = raw.url ?? '/';
    let headerBytes = 0;
    const rawHeaders = raw.rawHeaders;
    for (let i = 0; i < rawHeaders.length; i++) headerBytes += rawHeaders[i]!.length + 2;
    this.headerBytes = headerBytes;
    // Node already lower-cases names and joins repeated headers; only set-cookie stays a list (joined here).
    const cookies = raw.headers['set-cookie'];
    this.headers = cookies ? { ...(raw.headers as Record<string, string | undefined>), 'set-cookie': cookies.join(', ') } : (raw.headers as Record<string, string | undefined>);
  }
  get body(): AsyncIterable<Uint8Array> {
    return bodyOf(this.raw);
  }
  /**
   * With a `content-length` and all of it already parsed into the stream's buffer (a small body arrives with its
   * head), the body is taken in one synchronous read: no 'data' events, no promise.
   */
  bufferedBody(): Uint8Array | undefined {
    const raw = this.raw;
    const declared = this.headers['content-length'];
    if (declared === undefined || raw.readableFlowing || raw.destroyed || raw.readableLength !== Number(declared)) return undefined;
    if (raw.readableLength === 0) return new Uint8Array(0);
    const chunk = raw.read() as Buffer | null;
    return chunk ?? undefined;
  }
  /** Aborted when the response closes before it was finished (the client went away) or the request fails. */
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
  const run = server.run ?? server.handle;
  // Started on the next tick: by then the parser has pushed the rest of the packet, usually the whole body.
  const start = (req: IncomingMessage, res: ServerResponse) => {
    const request = new NodeRequest(req, res);
    let answer: NeutralResponse | Promise<NeutralResponse>;
    try {
      answer = run(request);
    } catch {
      return internalError(res);
    }
    if (isPromise(answer)) answer.then((response) => send(res, response, request), () => internalError(res));
    else send(res, answer, request);
  };
  return (req, res) => process.nextTick(start, req, res);
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function internalError(res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(INTERNAL_ERROR);
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
        async return(): Promise<IteratorResult<Uint8Array>> {
          req.off('data', onData);
          req.resume();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** Writes the answer: one `writeHead` with the headers and one `end` for whole bodies; streams otherwise. */
function send(res: ServerResponse, response: NeutralResponse, request: NodeRequest): void {
  // The response is the pipeline's own, made for this request: its headers are completed in place.
  const headers = response.headers;
  if (response.close) headers.connection = 'close';
  const body = response.body;
  try {
    if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
      if (body !== null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
      res.writeHead(response.status, headers);
      res.end(body ?? undefined);
      return;
    }
    res.writeHead(response.status, headers);
  } catch {
    // E.g. a handler's header value with characters HTTP forbids.
    return internalError(res);
  }
  stream(res, body, request).catch(() => internalError(res));
}

async function stream(res: ServerResponse, body: AsyncIterable<Uint8Array>, request: NodeRequest): Promise<void> {
  res.flushHeaders();
  const signal = request.signal;
  const iterator = body[Symbol.asyncIterator]();
  try {
    while (!signal.aborted) {
      const next = await iterator.next();
      if (next.done || signal.aborted) break;
      // Each chunk is written at once (an SSE event is flushed); wait for drain when the client reads slowly.
      if (!res.write(next.value)) await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  } catch {
    // A producer failing mid-stream: end the response; the status is already sent.
  } finally {
    if (signal.aborted) await iterator.return?.().catch(() => undefined);
    if (!res.writableEnded && !signal.aborted) res.end();
    else if (signal.aborted) res.destroy();
  }
}
