/** Hardening over real HTTP: idle streams, oversized bodies and lines, paging and redirect loops, wrong-shaped answers. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIError,
  APIRedirectError,
  APITimeoutError,
  BadRequestError,
  ClientError,
  ResponseTooLargeError,
} from '../../templates/client/core/errors.ts';
import type { Stream } from '../../templates/client/core/stream.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { fakeClock, json, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  for await (const item of stream) seen.push(item);
  return seen;
}

/** Sends headers and one chunk, then nothing: the connection stays open until the server closes. */
function stallingServer(type: string, first: string) {
  return startServer((_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.write(first);
  });
}

describe('idle timeout between chunks', () => {
  const chunk = 'data: {"id":"c1"}\n\n';

  it('ends a silent event stream with APITimeoutError, by default after `timeout`', async () => {
    server = await stallingServer('text/event-stream', chunk);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 300, clock: fakeClock() });
    const stream = await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } });
    const seen: unknown[] = [];
    await expect(async () => {
      for await (const c of stream) seen.push(c);
    }).rejects.toBeInstanceOf(APITimeoutError);
    expect(seen).toEqual([{ id: 'c1' }]);
    expect(stream.controller.signal.aborted).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('takes idleTimeout from the client and per request', async () => {
    server = await stallingServer('text/event-stream', chunk);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 60_000, idleTimeout: 200 });
    await expect(
      drain(await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } })),
    ).rejects.toThrow(/sent nothing for 200 ms/);
    const lax = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 60_000, idleTimeout: 60_000 });
    await expect(
      drain(
        await lax.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } }, { idleTimeout: 150 }),
      ),
    ).rejects.toThrow(/sent nothing for 150 ms/);
    expect(() => new CoreClient({ apiKey: 'k', idleTimeout: -1 })).toThrow(
      /idleTimeout must be a non-negative number/,
    );
  });

  it('ends a silent download with APITimeoutError', async () => {
    server = await stallingServer('application/octet-stream', 'ID3');
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 60_000, idleTimeout: 200 });
    const response = await client.call<Response>(ops.download, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    await expect(response.arrayBuffer()).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('leaves a stream that keeps talking alone, and idleTimeout 0 turns the check off', async () => {
    server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 5; i++) {
        res.write(`data: {"i":${i}}\n\n`);
        await new Promise((r) => setTimeout(r, 50));
      }
      res.end('data: [DONE]\n\n');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, idleTimeout: 1_000 });
    expect(
      await drain(await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } })),
    ).toHaveLength(5);
    const off = new CoreClient({ apiKey: 'k', baseURL: server.url, idleTimeout: 0 });
    expect(
      await drain(await off.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } })),
    ).toHaveLength(5);
  });
});

describe('response size limits, never retried', () => {
  const big = { data: 'x'.repeat(5_000) };

  it('refuses a JSON body over maxResponseSize, with or without Content-Length, without retrying', async () => {
    server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Chunked (no Content-Length) on the second path: the count is made while reading.
      if (req.path.endsWith('/chunked'))
        for (let i = 0; i < 5; i++) res.write(i === 0 ? '{"data":"' + 'x'.repeat(1000) : 'x'.repeat(1000));
      res.end(req.path.endsWith('/chunked') ? '"}' : JSON.stringify(big));
    });
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      maxResponseSize: 1_000,
      maxRetries: 3,
      clock: fakeClock(),
    });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    await expect(client.call(ops.getThing, { path: { thing_id: 'chunked' } })).rejects.toThrow(
      /larger than the limit of 1000/,
    );
    expect(server.requests).toHaveLength(2);
    // Per request, a larger limit reads it.
    expect(await client.call(ops.getThing, { path: { thing_id: 'a' } }, { maxResponseSize: 10_000 })).toEqual(
      big,
    );
  });

  it('keeps only an excerpt of a large error body in the message', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<html>' + 'e'.repeat(200_000) + '</html>');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const error = await client.call(ops.getThing, { path: { thing_id: 'a' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const e = error as APIError;
    expect(e.message.length).toBeLessThan(600);
    expect(e.message).toMatch(/^400 <html>e+… \(\d+ more characters\)$/);
    expect((e.body as string).length).toBe(64 * 1024);
  });

  it('refuses a stream line over maxLineLength', async () => {
    server = await stallingServer('text/event-stream', 'data: ' + 'x'.repeat(2_000));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxLineLength: 500 });
    await expect(
      drain(await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } })),
    ).rejects.toThrow(/A stream line is larger than the limit of 500/);
    const many = 'data: ' + 'y'.repeat(100) + '\n';
    await server.close();
    server = await stallingServer('text/event-stream', many.repeat(10));
    const perRequest = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(
      drain(
        await perRequest.call<Stream<unknown>>(
          ops.streamThing,
          { params: { stream: true } },
          { maxLineLength: 500 },
        ),
      ),
    ).rejects.toThrow(/A stream event is larger/);
  });

  it('does not retry a body that is not JSON', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"cut');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 3, clock: fakeClock() });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toThrow(/not valid JSON/);
    expect(server.requests).toHaveLength(1);
  });
});

describe('loops', () => {
  it('stops for-await with an error when the server repeats a cursor', async () => {
    server = await startServer((_req, res) =>
      json(res, 200, { object: 'list', data: [{ id: 'same' }], last_id: 'same', has_more: true }),
    );
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(drain(client.list(ops.listThings, {}))).rejects.toThrow(/cursor "same" again/);
    expect(server.requests.map((r) => r.query.after)).toEqual([undefined, 'same']);
    const first = await client.list(ops.listThings, {});
    await expect((await first.getNextPage()).getNextPage()).rejects.toBeInstanceOf(ClientError);
  });

  it('stops on a cycle of cursors (a → b → a)', async () => {
    server = await startServer((req, res) => {
      const next = req.query.after === 'a' ? 'b' : 'a';
      json(res, 200, { object: 'list', data: [{ id: next }], last_id: next, has_more: true });
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(drain(client.list(ops.listThings, {}))).rejects.toThrow(/cursor "a" again/);
    expect(server.requests).toHaveLength(3);
  });

  it('reports a redirect loop as APIRedirectError and does not retry it', async () => {
    server = await startServer((req, res) => {
      res.writeHead(302, { location: req.path });
      res.end();
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 2, clock: fakeClock() });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      APIRedirectError,
    );
    // The first request and fetch's 20 redirects: one attempt, not three.
    expect(server.requests).toHaveLength(21);
  });
});

describe('answers of the wrong shape', () => {
  it('is an error when a JSON operation answers 200 with an empty body', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toThrow(
      /response body is empty, but the operation returns JSON/,
    );
  });

  it("gives the server's message when a stream request gets JSON or HTML", async () => {
    server = await startServer((req, res) => {
      if (req.json && (req.json as { html?: boolean }).html) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<h1>Maintenance until 10:00</h1>');
      } else
        json(res, 200, { error: { message: 'streaming is not enabled for this key', code: 'no_stream' } });
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const error = (await client
      .call(ops.streamThing, { params: { stream: true } })
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.message).toMatch(/streaming is not enabled for this key/);
    expect(error.code).toBe('no_stream');
    expect(error.status).toBe(200);
    await expect(client.call(ops.streamThing, { params: { stream: true, html: true } })).rejects.toThrow(
      /text\/html: <h1>Maintenance until 10:00<\/h1>/,
    );
    expect(server.requests).toHaveLength(2);
  });
});

describe('compressed bodies', () => {
  it('counts the decompressed bytes, not the Content-Length of a gzip body', async () => {
    const { gzipSync } = await import('node:zlib');
    const zipped = gzipSync(JSON.stringify({ data: 'z'.repeat(100_000) }));
    server = await startServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(zipped.length),
      });
      res.end(zipped);
    });
    expect(zipped.length).toBeLessThan(2_000);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxResponseSize: 10_000 });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  // On Node's fetch the declared length is read from undici's raw headers: header names and an encoding in any case,
  // and a length with spaces around it, must be read as `Headers#get` reads them.
  it('reads the size headers in any form: names in any case, GZIP, identity, a length with spaces', async () => {
    const { gzipSync } = await import('node:zlib');
    const body = JSON.stringify({ data: 'z'.repeat(100_000) });
    const zipped = gzipSync(body);
    server = await startServer((req, res) => {
      if (req.path === '/things/upper')
        res.writeHead(200, {
          'CONTENT-TYPE': 'application/json',
          'CONTENT-ENCODING': 'GZIP',
          'CONTENT-LENGTH': String(zipped.length),
        });
      else if (req.path === '/things/identity') {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'identity',
          'Content-Length': String(Buffer.byteLength(body)),
        });
        res.end(body);
        return;
      } else {
        // A length with spaces around it, and a body over the limit: refused either way.
        res.writeHead(200, [
          ['content-type', 'application/json'],
          ['content-length', ` ${Buffer.byteLength(body)} `],
        ]);
        res.end(body);
        return;
      }
      res.end(zipped);
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxResponseSize: 10_000 });
    const get = (id: string, maxResponseSize?: number) =>
      client.call(
        ops.getThing,
        { path: { thing_id: id } },
        maxResponseSize === undefined ? {} : { maxResponseSize },
      );
    await expect(get('upper')).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(get('identity')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(await get('identity', 200_000)).toEqual({ data: 'z'.repeat(100_000) });
    await expect(get('spaced')).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(await get('spaced', 200_000)).toEqual({ data: 'z'.repeat(100_000) });
  });
});
