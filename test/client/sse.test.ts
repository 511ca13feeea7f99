/** The SSE parser over every split point, and typed streams over real chunked HTTP. */
import { afterEach, describe, expect, it } from 'vitest';
import { APIConnectionError, APIError, APIUserAbortError } from '../../templates/client/core/errors.ts';
import { SseDecoder, type ServerSentEvent } from '../../templates/client/core/sse.ts';
import type { Stream } from '../../templates/client/core/stream.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const WIRE =
  ': keep-alive comment\r\nevent: image_edit.partial_image\r\ndata: {"a":"héllo 🌍"}\r\n\r\nid: 7\ndata: line one\ndata: line two\n\nretry: 1000\ndata:no-space\r\r: c\ndata: [DONE]\n\n';
const EXPECTED: Partial<ServerSentEvent>[] = [
  { event: 'image_edit.partial_image', data: '{"a":"héllo 🌍"}', id: undefined },
  { event: 'message', data: 'line one\nline two', id: '7' },
  { event: 'message', data: 'no-space', id: '7', retry: 1000 },
  { event: 'message', data: '[DONE]', id: '7', retry: 1000 },
];

function decodeChunks(chunks: Uint8Array[]): ServerSentEvent[] {
  const d = new SseDecoder();
  return [...chunks.flatMap((c) => d.push(c)), ...d.end()];
}

describe('SseDecoder', () => {
  const bytes = new TextEncoder().encode(WIRE);
  it('parses the whole stream in one chunk', () => {
    expect(decodeChunks([bytes])).toMatchObject(EXPECTED);
  });
  it('gives the same events for every split point, including inside UTF-8 sequences and CRLF', () => {
    for (let i = 0; i <= bytes.length; i++) {
      expect(decodeChunks([bytes.slice(0, i), bytes.slice(i)])).toMatchObject(EXPECTED);
    }
  });
  it('gives the same events byte by byte', () => {
    expect(decodeChunks([...bytes].map((b) => new Uint8Array([b])))).toMatchObject(EXPECTED);
  });
  it('drops an event cut before its blank line', () => {
    expect(decodeChunks([new TextEncoder().encode('data: a\n\ndata: cut')])).toMatchObject([{ data: 'a' }]);
  });
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Writes the given byte pieces as separate HTTP chunks, each flushed before the next. */
function chunked(pieces: (string | Uint8Array)[], end = true) {
  return startServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_s' });
    for (const p of pieces) {
      res.write(p);
      await new Promise((r) => setTimeout(r, 2));
    }
    if (end) res.end();
    else res.socket?.destroy();
  });
}

describe('streams over HTTP', () => {
  const chunk = (text: string, usage: unknown = null) =>
    `data: ${JSON.stringify({ id: 'c1', choices: text ? [{ text, index: 0, finish_reason: null }] : [], usage })}\n\n`;

  it('yields typed chunks split at awkward byte boundaries, with the include_usage chunk, until [DONE]', async () => {
    const wire = Buffer.from(
      chunk('Hé') + chunk('llo 🌍') + chunk('', { total_tokens: 5 }) + 'data: [DONE]\n\n',
    );
    const pieces = [
      wire.subarray(0, 3),
      wire.subarray(3, 70),
      wire.subarray(70, wire.indexOf('🌍') + 2),
      wire.subarray(wire.indexOf('🌍') + 2, wire.length - 4),
      wire.subarray(wire.length - 4),
    ];
    server = await chunked(pieces);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const stream = await client.call<
      Stream<{ choices: { text: string }[]; usage: { total_tokens: number } | null }>
    >(ops.streamThing, { params: { stream: true } });
    const texts: string[] = [];
    let usage: unknown;
    for await (const c of stream) {
      texts.push(...c.choices.map((x) => x.text));
      if (c.usage) usage = c.usage;
    }
    expect(texts.join('')).toBe('Héllo 🌍');
    expect(usage).toEqual({ total_tokens: 5 });
    expect(server.requests[0]!.headers.accept).toBe('text/event-stream');
  });

  it('is an error when the stream ends before [DONE]', async () => {
    server = await chunked([chunk('a')]);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const stream = await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } });
    const seen: unknown[] = [];
    await expect(async () => {
      for await (const c of stream) seen.push(c);
    }).rejects.toBeInstanceOf(APIConnectionError);
    expect(seen).toHaveLength(1);
  });

  it('is an error when the connection drops mid-stream', async () => {
    server = await chunked([chunk('a'), 'data: {"partial'], false);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const stream = await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } });
    await expect(async () => {
      for await (const _ of stream) void _;
    }).rejects.toBeInstanceOf(APIConnectionError);
    // Bytes had arrived: the stream is not retried.
    expect(server.requests).toHaveLength(1);
  });

  it('ends a named-event stream without a terminator normally, and throws on an error event', async () => {
    server = await chunked([
      'event: image_edit.partial_image\ndata: {"type":"image_edit.partial_image","partial_image_index":0}\n\n',
      'event: image_edit.completed\ndata: {"type":"image_edit.completed"}\n\n',
    ]);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const stream = await client.call<Stream<{ type: string }>>(ops.namedStream, { params: {} });
    const types: string[] = [];
    for await (const e of stream) types.push(e.type);
    expect(types).toEqual(['image_edit.partial_image', 'image_edit.completed']);
    await server.close();
    server = await chunked(['event: error\ndata: {"message":"boom"}\n\n']);
    const failing = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(async () => {
      for await (const _ of await failing.call<Stream<unknown>>(ops.namedStream, { params: {} })) void _;
    }).rejects.toBeInstanceOf(APIError);
  });

  it('stops the request on break, and aborts by signal', async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((r) => (closed = r));
    server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.on('close', () => closed());
      for (let i = 0; i < 1000 && !res.destroyed; i++) {
        res.write(chunk(String(i)));
        await new Promise((r) => setTimeout(r, 5));
      }
      res.end();
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const stream = await client.call<Stream<unknown>>(ops.streamThing, { params: { stream: true } });
    let n = 0;
    for await (const _ of stream) if (++n === 2) break;
    await serverSawClose;
    expect(stream.controller.signal.aborted).toBe(true);

    const controller = new AbortController();
    const aborted = await client.call<Stream<unknown>>(
      ops.streamThing,
      { params: { stream: true } },
      { signal: controller.signal },
    );
    await expect(async () => {
      for await (const _ of aborted) controller.abort();
    }).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('returns JSON when the condition of the stream response does not hold', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":"c1"}');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    expect(await client.call(ops.streamThing, { params: { stream: false } })).toEqual({ id: 'c1' });
  });
});
