/**
 * Refusals decided from the request head (issue 21, items 6, 7 and risks 10-11), over raw loopback HTTP through
 * both adapters: an early answer (401, 404, 415, 413) closes the connection instead of reading an unauthenticated
 * upload; the media type is decided before reading and its own limit applies; a body that stops arriving is cut
 * off (408); the URL length is limited (414); decoded path parameters stay one segment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, headerOf, listen, raw, statusOf, upload, type Running } from './helpers.ts';

const TOKEN = 'sk-early';
let node: Running;
let viaFetch: Running;
const seen: any[] = [];

beforeAll(async () => {
  const app = server.createServer(
    {
      createImageEdit: () => ({ created: 1, data: [] }),
      createEmbedding: ({ body }) => ({
        object: 'list',
        model: body.model,
        data: [],
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
      retrieveModel: (input) => (
        seen.push(input.params),
        { id: 'm', object: 'model', created: 1, owned_by: 'o' }
      ),
    },
    // A short body timeout keeps the slow-body test short; the test waits for the answer, it does not time it.
    {
      authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined),
      bodyTimeoutMs: 300,
      maxUrlBytes: 2048,
    },
  );
  node = await listen(app.node);
  viaFetch = await listen(fetchBridge(app.fetch));
});
afterAll(async () => {
  await node.close();
  await viaFetch.close();
});

const ADAPTERS = ['node', 'fetch'] as const;
const pick = (name: (typeof ADAPTERS)[number]) => (name === 'node' ? node : viaFetch);

const MiB = 1024 * 1024;
const head = (path: string, headers: string[]) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers.join('\r\n')}\r\n\r\n`;

describe('an early refusal stops reading the body (item 6)', () => {
  const CASES = [
    {
      name: '401 without credentials on an upload',
      path: '/v1/images/edits',
      headers: ['Content-Type: multipart/form-data; boundary=X'],
      status: 401,
    },
    {
      name: '404 for a path no route matches',
      path: '/v1/nothing/here',
      headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: application/json'],
      status: 404,
    },
    {
      name: '415 for a type the upload does not take',
      path: '/v1/images/edits',
      headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: text/plain'],
      status: 415,
    },
  ];
  for (const c of CASES) {
    it.each(ADAPTERS)(
      `${c.name}: answers, then closes the connection before 30 MiB are sent (%s)`,
      async (name) => {
        const base = pick(name);
        const total = 30 * MiB;
        const r = await upload(base.port, head(c.path, [...c.headers, `Content-Length: ${total}`]), total);
        expect(statusOf(r.answer)).toBe(c.status);
        expect(headerOf(r.answer, 'connection')).toBe('close');
        expect(r.cut).toBe(true);
        expect(r.written).toBeLessThan(total);
      },
    );
    it.each(ADAPTERS)(`${c.name}: also with a chunked body of unknown length (%s)`, async (name) => {
      const base = pick(name);
      const total = 30 * MiB;
      // The chunk framing is left out: the server stops before it would find the first chunk size anyway.
      const r = await upload(
        base.port,
        head(c.path, [...c.headers, 'Transfer-Encoding: chunked']).concat('1000000\r\n'),
        total,
      );
      expect(statusOf(r.answer)).toBe(c.status);
      expect(headerOf(r.answer, 'connection')).toBe('close');
    });
  }
  it.each(ADAPTERS)('413 by the announced length closes too (%s)', async (name) => {
    const base = pick(name);
    const total = 40 * MiB;
    const r = await upload(
      base.port,
      head('/v1/images/edits', [
        `Authorization: Bearer ${TOKEN}`,
        'Content-Type: multipart/form-data; boundary=X',
        `Content-Length: ${total}`,
      ]),
      total,
    );
    expect(statusOf(r.answer)).toBe(413);
    expect(headerOf(r.answer, 'connection')).toBe('close');
    expect(r.cut).toBe(true);
  });
  it.each(ADAPTERS)('keeps the connection when the unread body is small and announced (%s)', async (name) => {
    const base = pick(name);
    const body = '{"model":"m","input":"x"}';
    const one = `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const two = `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    // Both requests on one connection: the 401 leaves it open, so the second is answered on it.
    const answer = await raw(base.port, [one + two], /HTTP\/1\.1 200[\s\S]*\r\n\r\n[\s\S]*\}$/);
    expect(statusOf(answer)).toBe(401);
    expect(headerOf(answer, 'connection')).not.toBe('close');
    expect(answer).toMatch(/HTTP\/1\.1 200/);
  });
});

describe('the media type is decided from the head (item 7)', () => {
  it.each(ADAPTERS)('415 for a 20 MB text/plain body before it is read (%s)', async (name) => {
    const base = pick(name);
    const total = 20_000_000;
    // A JSON-only operation: its 1 MiB limit answers from the announced length, before the type is looked at.
    const r = await upload(
      base.port,
      head('/v1/embeddings', [
        `Authorization: Bearer ${TOKEN}`,
        'Content-Type: text/plain',
        `Content-Length: ${total}`,
      ]),
      total,
    );
    expect(statusOf(r.answer)).toBe(413);
    expect(r.cut).toBe(true);
    // An upload operation (32 MiB): the type decides, and the body is not read.
    const onUpload = await upload(
      base.port,
      head('/v1/images/edits', [
        `Authorization: Bearer ${TOKEN}`,
        'Content-Type: text/plain',
        `Content-Length: ${total}`,
      ]),
      total,
    );
    expect(statusOf(onUpload.answer)).toBe(415);
    expect(onUpload.answer).toContain('"code":"unsupported_media_type"');
    expect(onUpload.cut).toBe(true);
  });
  it.each(ADAPTERS)(
    'applies the limit of the media type sent: JSON to a multipart operation gets 1 MiB, not 32 MiB (%s)',
    async (name) => {
      const base = pick(name);
      const total = 2 * MiB;
      const r = await upload(
        base.port,
        head('/v1/images/edits', [
          `Authorization: Bearer ${TOKEN}`,
          'Content-Type: application/json',
          `Content-Length: ${total}`,
        ]),
        total,
      );
      expect(statusOf(r.answer)).toBe(413);
      expect(r.answer).toContain('at most 1048576 bytes');
    },
  );
  it.each(ADAPTERS)(
    'a request without a body and without a type is not refused as 415 (%s)',
    async (name) => {
      const base = pick(name);
      const answer = await raw(base.port, [
        `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ]);
      expect(statusOf(answer)).toBe(400);
      expect(answer).toContain('"code":"invalid_request"');
    },
  );
});

describe('timeouts and limits of the request (risks 10-11)', () => {
  it.each(ADAPTERS)('answers 408 and closes a connection whose body stops arriving (%s)', async (name) => {
    const base = pick(name);
    // Announces 100 bytes, sends 10, then nothing: the body timeout answers without the client closing.
    const answer = await raw(base.port, [
      `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"model":"`,
    ]);
    expect(statusOf(answer)).toBe(408);
    expect(headerOf(answer, 'connection')).toBe('close');
    expect(answer).toContain('"code":"body_timeout"');
  });
  it('NODE_SERVER_OPTIONS: the documented timeouts, and a slow request head is closed', async () => {
    expect(server.NODE_SERVER_OPTIONS).toEqual({
      maxHeaderSize: 80 * 1024,
      headersTimeout: 15_000,
      requestTimeout: 120_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 2_000,
    });
    const app = server.createServer({}, {});
    // Shorter than documented so the test is short; it waits for the close, it does not time it.
    const slow = await listen(app.node, undefined, {
      ...server.NODE_SERVER_OPTIONS,
      headersTimeout: 200,
      requestTimeout: 300,
      connectionsCheckingInterval: 50,
    });
    try {
      const answer = await raw(slow.port, ['POST /v1/embeddings HTTP/1.1\r\nHost: x\r\n'], /(?!)/);
      expect(statusOf(answer)).toBe(408);
    } finally {
      await slow.close();
    }
  });
  it.each(ADAPTERS)('answers 414 for a URL over the limit (%s)', async (name) => {
    const base = pick(name);
    const long = await fetch(`${base.url}/v1/models/${'m'.repeat(3000)}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(long.status).toBe(414);
    expect((await long.json()).error.code).toBe('uri_too_long');
    const query = await fetch(`${base.url}/v1/models/m?x=${'q'.repeat(3000)}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(query.status).toBe(414);
    expect(
      (
        await fetch(`${base.url}/v1/models/m`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).status,
    ).toBe(200);
  });
  const BAD = ['a%2Fb', '..%2F..%2Fetc', '%2e%2e', 'x%00y', 'x%5Cy', 'x%0Ay'];
  it.each(ADAPTERS)('refuses decoded path parameters that are not one plain segment (%s)', async (name) => {
    const base = pick(name);
    for (const value of BAD) {
      const r = await raw(base.port, [
        `GET /v1/models/${value} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
      ]);
      // `%2e%2e` is a dot segment a URL parser removes: /v1/models/.. is /v1/, no route.
      expect([400, 404], value).toContain(statusOf(r));
      if (statusOf(r) === 400) expect(r).toContain('"code":"invalid_path"');
    }
    seen.length = 0;
    const ok = await fetch(`${base.url}/v1/models/${encodeURIComponent('ft:gpt-4o:org:x y%')}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect(seen[0]).toEqual({ model: 'ft:gpt-4o:org:x y%' });
  });
});
