/**
 * One server-sent event of countless empty `data:` lines, over real HTTP: the event being assembled is bounded by
 * `maxLineLength` counted in characters of whole lines, so the client fails with `ResponseTooLargeError` after
 * reading at most about that many bytes (memory follows what was read), not after 6 times as many.
 * Bytes are counted as the stream hands them to the parser: no timing, no heap sampling.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseTooLargeError } from '../../templates/client/core/errors.ts';
import { DEFAULT_MAX_LINE_LENGTH } from '../../templates/client/internal/limits.ts';
import type { Stream } from '../../templates/client/core/stream.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Empty `data:` lines without the blank line that ends an event, up to 20 M lines (120 MB), as fast as read. */
function endlessEvent() {
  return startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = Buffer.from('data:\n'.repeat(10_000));
    let sent = 0;
    const pump = (): void => {
      while (sent < 120_000_000 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
}

/** fetch, counting the body bytes passed on to the client. */
function countingFetch() {
  const counter = { bytes: 0 };
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = response.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          counter.bytes += chunk.byteLength;
          out.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { counter, counting };
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of stream);
}

/** What fetch and the pipe may hold ahead of the parser. */
const SLACK = 512 * 1024;

describe('one event of ~20 M empty data lines', () => {
  it('fails with ResponseTooLargeError after at most maxLineLength bytes read', async () => {
    server = await endlessEvent();
    const { counter, counting } = countingFetch();
    const limit = 1024 * 1024;
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      fetch: counting,
      maxLineLength: limit,
    });
    const stream = await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } });
    const error = await drain(stream).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toMatch(/A stream event is larger than the limit of 1048576/);
    expect(counter.bytes).toBeGreaterThan(limit);
    expect(counter.bytes).toBeLessThanOrEqual(limit + SLACK);
    expect(stream.controller.signal.aborted).toBe(true);
  });

  it('with the default limit too', async () => {
    server = await endlessEvent();
    const { counter, counting } = countingFetch();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, fetch: counting });
    const stream = await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } });
    await expect(drain(stream)).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(counter.bytes).toBeLessThanOrEqual(DEFAULT_MAX_LINE_LENGTH + SLACK);
  });
});
