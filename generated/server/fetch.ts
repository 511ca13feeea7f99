// Copied by platform-api-codegen from its runtime (templates/server/fetch.ts). Do not edit: every generation replaces it.
/**
 * Web-standard adapter: `fetch(request) => Promise<Response>`, for Hono (`app.all('*', (c) => handler(c.req.raw))`),
 * Bun (`Bun.serve({ fetch: handler })`), Deno (`Deno.serve(handler)`) and workers (`export default { fetch: handler }`).
 * It answers exactly as the node adapter does, down to the last-resort 500 when even the error response cannot
 * be built (the shared table of hostile cases in the tests runs through both).
 */
import type { CoreServer } from './core.js';

export type FetchHandler = (request: Request) => Promise<Response>;

const INTERNAL_ERROR =
  '{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":"internal_error"}}';

async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function internalError(): Response {
  return new Response(INTERNAL_ERROR, { status: 500, headers: { 'content-type': 'application/json' } });
}

export function toFetchHandler(server: CoreServer): FetchHandler {
  return async (request) => {
    try {
      return await respond(server, request);
    } catch {
      return internalError();
    }
  };
}

async function respond(server: CoreServer, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string | undefined> = Object.create(null) as Record<
    string,
    string | undefined
  >;
  let headerBytes = 0;
  request.headers.forEach((value, key) => {
    headers[key] = value;
    headerBytes += key.length + value.length + 4;
  });
  const response = await server.handle({
    method: request.method,
    url: url.pathname + url.search,
    headers,
    headerBytes,
    body: request.body ? chunks(request.body) : null,
    signal: request.signal,
  });
  const body = response.body;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    return new Response(body as string | Uint8Array<ArrayBuffer> | null, {
      status: response.status,
      headers: response.headers,
    });
  }
  const iterator = body[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        // A producer failing midway (the pipeline has called onError): the stream errors, it does not end.
        controller.error(error);
      }
    },
    async cancel() {
      // The client went away: stop the producer.
      await iterator.return?.();
    },
  });
  return new Response(stream, { status: response.status, headers: response.headers });
}
