/**
 * Web-standard adapter: `fetch(request) => Promise<Response>`, for Hono (`app.all('*', (c) => handler(c.req.raw))`),
 * Bun (`Bun.serve({ fetch: handler })`), Deno (`Deno.serve(handler)`) and workers (`export default { fetch: handler }`).
 * It answers exactly as the node adapter does, down to the last-resort 500 when even the error response cannot
 * be built (the shared table of hostile cases in the tests runs through both). An answer that closes the
 * connection (early refusals of large bodies, shutdown) carries `Connection: close` and cancels the request body,
 * so the platform stops reading it.
 */
import { INTERNAL_ERROR_JSON } from '../../protocol/envelope.js';
import type { NeutralRequest } from '../core/types.js';
import type { CoreServer } from '../pipeline/server.js';
import { Lifecycle, ServerClosingError } from '../core/lifecycle.js';
import { nextOrAbort, turnTaker } from './stream-step.js';

export type FetchHandler = (request: Request) => Promise<Response>;

function internalError(): Response {
  return new Response(INTERNAL_ERROR_JSON, { status: 500, headers: { 'content-type': 'application/json' } });
}

/** The pipeline's view of a web `Request`; its signal also aborts when the server shuts down. */
class FetchRequest implements NeutralRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly headerBytes: number;
  readonly hasBody: boolean;
  readonly #request: Request;
  #controller: AbortController | undefined;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  stopped: 'shutdown' | 'timeout' | undefined;

  constructor(request: Request) {
    this.#request = request;
    const url = new URL(request.url);
    this.method = request.method;
    this.url = url.pathname + url.search;
    const headers: Record<string, string | undefined> = Object.create(null) as Record<
      string,
      string | undefined
    >;
    let headerBytes = 0;
    request.headers.forEach((value, key) => {
      if (key !== '__proto__') headers[key] = value;
      headerBytes += key.length + value.length + 4;
    });
    this.headers = headers;
    this.headerBytes = headerBytes;
    this.hasBody = request.body !== null;
  }

  get body(): AsyncIterable<Uint8Array> | null {
    const stream = this.#request.body;
    if (!stream) return null;
    return {
      [Symbol.asyncIterator]: () => {
        const reader = (this.#reader = stream.getReader());
        return {
          next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
          // Cancelling settles a read that is waiting (the pipeline's body timeout relies on it) and tells the
          // platform to stop reading.
          return: async () => {
            await reader.cancel().catch(() => undefined);
            return { done: true, value: undefined };
          },
        };
      },
    };
  }

  /** Stops the platform reading a body the pipeline will not read. */
  discardBody(): void {
    const reader = this.#reader;
    const stream = this.#request.body;
    try {
      if (stream && !stream.locked) void stream.cancel().catch(() => undefined);
      else if (reader) void reader.cancel().catch(() => undefined);
    } catch {
      // Already released or errored: nothing is being read.
    }
  }

  get signal(): AbortSignal {
    let controller = this.#controller;
    if (!controller) {
      controller = this.#controller = new AbortController();
      const outer = this.#request.signal;
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', () => controller!.abort(outer.reason), { once: true });
    }
    return controller.signal;
  }

  abort(reason: 'shutdown' | 'timeout'): void {
    this.stopped ??= reason;
    const signal = this.signal;
    if (!signal.aborted) this.#controller!.abort(new ServerClosingError(reason));
  }
}

export function toFetchHandler(server: CoreServer): FetchHandler {
  const life = server.lifecycle ?? new Lifecycle();
  return async (request) => {
    let neutral: FetchRequest | undefined;
    let ended = false;
    // Called once the response is handed over in full (or its stream ends): the request is no longer in flight.
    const end = () => {
      if (ended) return;
      ended = true;
      if (neutral) life.unwatch(neutral);
      life.end();
    };
    life.begin();
    try {
      neutral = new FetchRequest(request);
      life.watch(neutral, false);
      return await respond(server, neutral, life, end);
    } catch {
      end();
      return internalError();
    }
  };
}

async function respond(
  server: CoreServer,
  request: FetchRequest,
  life: Lifecycle,
  end: () => void,
): Promise<Response> {
  const response = await server.handle(request);
  const headers = response.headers;
  if (response.close || life.closing) {
    headers.connection = 'close';
    request.discardBody();
  }
  const body = response.body;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    end();
    return new Response(body as string | Uint8Array<ArrayBuffer> | null, {
      status: response.status,
      headers,
    });
  }
  life.watch(request, true);
  const iterator = body[Symbol.asyncIterator]();
  const signal = request.signal;
  const finish = end;
  const turn = turnTaker();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Other requests are served while items are ready at once (see stream-step.ts).
        const wait = turn();
        if (wait) await wait;
        const next = await nextOrAbort(iterator, signal);
        if (next === 'aborted') {
          // Not awaited: a producer waiting for its next item finishes once it sees the signal.
          iterator.return?.().catch(() => undefined);
          finish();
          // Shutdown ends the stream cleanly (no terminator is sent); the client going away cancels it anyway.
          if (request.stopped === 'timeout') controller.error(new ServerClosingError('timeout'));
          else controller.close();
        } else if (next.done) {
          finish();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        // A producer failing midway (the pipeline has called onError): the stream errors, it does not end.
        finish();
        controller.error(error);
      }
    },
    async cancel() {
      // The client went away: stop the producer.
      finish();
      await iterator.return?.();
    },
  });
  return new Response(stream, { status: response.status, headers });
}
