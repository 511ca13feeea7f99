// Copied by platform-api-codegen from its runtime (templates/server/node.ts). Do not edit: every generation replaces it.
/**
 * `node:http` adapter: `http.createServer({ maxHeaderSize: NODE_MAX_HEADER_SIZE }, toNodeListener(server))`.
 * Node's own header limit (16 KiB by default) answers 431 before this code runs; raise it as shown so the
 * pipeline's 64 KiB limit applies. Express and Fastify: see the examples in this folder's README.md. A body a
 * framework has already read (`express.json()` sets `req.body`; a `rawBody` from a parser) is taken from there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreServer, NeutralRequest, NeutralResponse } from './core.js';

/** A `maxHeaderSize` for `http.createServer` that leaves the 64 KiB limit to the pipeline (431 with the envelope). */
export const NODE_MAX_HEADER_SIZE = 80 * 1024;

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

const INTERNAL_ERROR =
  '{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":"internal_error"}}';

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
    this.headers = cookies
      ? { ...(raw.headers as Record<string, string | undefined>), 'set-cookie': cookies.join(', ') }
      : (raw.headers as Record<string, string | undefined>);
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
    if (isPromise(answer))
      answer.then(
        (response) => send(res, response, request),
        () => internalError(res),
      );
    else send(res, answer, request);
  };
  return (req, res) => process.nextTick(start, req, res);
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
      if (body !== null)
        headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
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

async function stream(
  res: ServerResponse,
  body: AsyncIterable<Uint8Array>,
  request: NodeRequest,
): Promise<void> {
  res.flushHeaders();
  const signal = request.signal;
  const iterator = body[Symbol.asyncIterator]();
  try {
    while (!signal.aborted) {
      const next = await iterator.next();
      if (next.done || signal.aborted) break;
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
    await iterator.return?.().catch(() => undefined);
    res.destroy();
  } else if (!res.writableEnded) res.end();
}
