/**
 * `node:http` adapter: `http.createServer({ maxHeaderSize: NODE_MAX_HEADER_SIZE }, toNodeListener(server))`.
 * Node's own header limit (16 KiB by default) answers 431 before this code runs; raise it as shown so the
 * pipeline's 64 KiB limit applies. Express: `app.use('/v1', toNodeListener(server))` with `basePath: ''` — or
 * mount at the root. Fastify: register a catch-all route whose handler calls the listener with
 * `request.raw, reply.raw` and then `reply.hijack()`, and disable Fastify's body parsing for it
 * (`addContentTypeParser('*', (req, payload, done) => done(null))`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreServer, NeutralResponse } from './core.js';

/** A `maxHeaderSize` for `http.createServer` that leaves the 64 KiB limit to the pipeline (431 with the envelope). */
export const NODE_MAX_HEADER_SIZE = 80 * 1024;

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export function toNodeListener(server: CoreServer): NodeListener {
  return (req, res) => {
    // The abort signal is created lazily (AbortController is costly per request); a close before the end aborts it.
    let controller: AbortController | undefined;
    let gone = false;
    const signal = () => {
      if (!controller) {
        controller = new AbortController();
        if (gone) controller.abort();
      }
      return controller.signal;
    };
    const abort = () => {
      gone = true;
      controller?.abort();
    };
    res.on('close', () => {
      if (!res.writableFinished) abort();
    });
    req.on('error', abort);
    let headerBytes = 0;
    for (let i = 0; i < req.rawHeaders.length; i++) headerBytes += req.rawHeaders[i]!.length + 2;
    // Node already lower-cases names and joins repeated headers; only set-cookie stays a list (joined here).
    let headers = req.headers as Record<string, string | undefined>;
    if (req.headers['set-cookie'])
      headers = { ...headers, 'set-cookie': req.headers['set-cookie'].join(', ') };
    server
      .handle({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers,
        headerBytes,
        body: bodyOf(req),
        get signal() {
          return signal();
        },
      })
      .then((response) => send(res, response, signal))
      .catch(() => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            '{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":"internal_error"}}',
          );
        } else res.destroy();
      });
  };
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

async function send(
  res: ServerResponse,
  response: NeutralResponse,
  signalOf: () => AbortSignal,
): Promise<void> {
  const headers = { ...response.headers };
  if (response.close) headers.connection = 'close';
  const body = response.body;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    if (body !== null)
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    res.writeHead(response.status, headers);
    res.end(body ?? undefined);
    return;
  }
  res.writeHead(response.status, headers);
  res.flushHeaders();
  const signal = signalOf();
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
  } catch {
    // A producer failing mid-stream: end the response; the status is already sent.
  } finally {
    if (signal.aborted) await iterator.return?.().catch(() => undefined);
    if (!res.writableEnded && !signal.aborted) res.end();
    else if (signal.aborted) res.destroy();
  }
}
