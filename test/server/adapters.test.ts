/**
 * One table of hostile cases run through both adapters (node:http and fetch), over real loopback HTTP and through
 * `server.fetch` directly: both must answer the same status and body, and `server.fetch` must never reject.
 * Then raw paths (dot segments, backslashes, fragments) route to the same operation in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, listen, raw, statusOf, type Running } from './helpers.ts';

const TOKEN = 'sk-adapters';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const OK = { object: 'list', model: 'm', data: [], usage: { prompt_tokens: 1, total_tokens: 1 } };

/** Each case: what the createEmbedding handler does, and the status both adapters must answer. */
const CASES: { name: string; act: () => unknown; status: number }[] = [
  { name: 'reply(205, {})', act: () => server.reply(205, {}), status: 500 },
  { name: 'reply(304, body)', act: () => server.reply(304, { a: 1 }), status: 500 },
  { name: 'reply(304) without a body', act: () => server.reply(304), status: 304 },
  { name: 'reply(99, body)', act: () => server.reply(99, {}), status: 500 },
  { name: 'reply(1000, body)', act: () => server.reply(1000, {}), status: 500 },
  {
    name: 'HttpError(700)',
    act: () => {
      throw new server.HttpError(700, 'odd');
    },
    status: 500,
  },
  {
    name: 'HttpError(200)',
    act: () => {
      throw new server.HttpError(200, 'not an error');
    },
    status: 500,
  },
  {
    name: 'HttpError with a CR/LF header',
    act: () => {
      throw new server.HttpError(429, 'slow', null, null, { 'retry-after': '1\r\nx-evil: 1' });
    },
    status: 500,
  },
  {
    name: 'reply header value with CR/LF',
    act: () => server.reply(200, OK, { 'x-a': 'a\r\nx-evil: 1' }),
    status: 500,
  },
  // Values HTTP does not allow (RFC 9110 field-value: tab, space, visible ASCII and bytes 0x80-0xFF): node:http
  // refused them after the pipeline, a web Headers took some (0x01, 0x7f), and neither called onError.
  ...['\x01', '\x7f', '\u{1F600}', '\u0100'].map((bad) => ({
    name: `reply header value with ${JSON.stringify(bad)}`,
    act: () => server.reply(200, OK, { 'x-a': `a${bad}b` }),
    status: 500,
    onError: true,
  })),
  {
    name: 'reply header with an invalid name',
    act: () => server.reply(200, OK, { 'x a': 'b' }),
    status: 500,
  },
  { name: 'returns a function', act: () => () => OK, status: 500 },
  { name: 'returns a symbol', act: () => Symbol('x'), status: 500 },
  { name: 'returns a BigInt inside the body', act: () => ({ ...OK, n: 1n }), status: 500 },
  {
    name: 'returns a cyclic object',
    act: () => {
      const o: any = { ...OK };
      o.self = o;
      return o;
    },
    status: 500,
  },
  {
    name: 'throws a non-error',
    act: () => {
      throw 'a string';
    },
    status: 500,
  },
  { name: 'rejects with undefined', act: () => Promise.reject(undefined), status: 500 },
  {
    name: 'HttpError(418)',
    act: () => {
      throw new server.HttpError(418, 'teapot', 'teapot');
    },
    status: 418,
  },
  {
    name: 'a {status, body, headers} literal is a body, not a Reply',
    act: () => ({ status: 201, body: OK, headers: {} }),
    status: 200,
  },
  { name: 'reply(201, body, headers)', act: () => server.reply(201, OK, { 'x-made': 'yes' }), status: 201 },
];

let current: () => unknown = () => OK;
const reported: unknown[] = [];
let app: server.Server;
let node: Running;
let bridged: Running;

beforeAll(async () => {
  app = server.createServer({ createEmbedding: () => current() } as unknown as server.Handlers, {
    authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined),
    requestId: () => 'req_fixed',
    onError: (error) => void reported.push(error),
  });
  node = await listen(app.node);
  bridged = await listen(fetchBridge(app.fetch));
});
afterAll(async () => {
  await node.close();
  await bridged.close();
});

const body = JSON.stringify({ model: 'text-embedding-ada-002', input: 'x' });

async function answer(res: Response) {
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    made: res.headers.get('x-made'),
    evil: res.headers.get('x-evil'),
    text,
  };
}

describe('the shared table of hostile cases', () => {
  it.each(CASES)('$name: both adapters answer $status alike', async ({ act, status, ...rest }) => {
    current = act;
    reported.length = 0;
    const viaNode = await answer(await fetch(`${node.url}/v1/embeddings`, { method: 'POST', headers, body }));
    const viaBridge = await answer(
      await fetch(`${bridged.url}/v1/embeddings`, { method: 'POST', headers, body }),
    );
    const direct = await answer(
      await app.fetch(new Request('http://localhost/v1/embeddings', { method: 'POST', headers, body })),
    );
    expect(viaNode.status).toBe(status);
    expect(viaNode.evil).toBeNull();
    expect(viaBridge).toEqual(viaNode);
    expect(direct).toEqual(viaNode);
    if (status === 500) expect(JSON.parse(viaNode.text).error.code).toBe('internal_error');
    // A handler error: onError hears of it once per request, through either adapter.
    if ('onError' in rest)
      expect(reported.map((e) => (e as Error).message)).toEqual(
        Array(3).fill('createEmbedding: a reply header has an invalid name or a value HTTP does not allow.'),
      );
  });
});

/**
 * Requests with repeated or unusual headers, sent as raw bytes: node keeps only the first Content-Type or
 * Authorization in its own `req.headers`, a web `Headers` joins them with ', '; the adapters must still answer alike.
 */
const HEADER_CASES: { name: string; headers: string[]; status: number; code: string | null }[] = [
  {
    name: 'two Content-Type headers',
    headers: [
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
      'Content-Type: application/json',
    ],
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'two different Content-Type headers',
    headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: application/json', 'Content-Type: text/plain'],
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'two Authorization headers',
    headers: [
      `Authorization: Bearer ${TOKEN}`,
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
    ],
    status: 401,
    code: 'invalid_credentials',
  },
  {
    name: 'two different Authorization headers',
    headers: [
      'Authorization: Bearer sk-other',
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
    ],
    status: 401,
    code: 'invalid_credentials',
  },
  {
    name: 'two X-Client-Request-Id headers',
    headers: [
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
      'X-Client-Request-Id: a',
      'X-Client-Request-Id: b',
    ],
    status: 200,
    code: null,
  },
  {
    name: 'one of each',
    headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: application/json'],
    status: 200,
    code: null,
  },
  // Media types named like Object.prototype's properties are media types the operation does not take, not its keys.
  {
    name: 'Content-Type: constructor',
    headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: constructor'],
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'Content-Type: __proto__',
    headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: __proto__'],
    status: 415,
    code: 'unsupported_media_type',
  },
  // One rule for X-Client-Request-Id, the client's: 1 to 512 printable ASCII characters (protocol/request-id.ts).
  {
    name: 'an empty X-Client-Request-Id',
    headers: [`Authorization: Bearer ${TOKEN}`, 'Content-Type: application/json', 'X-Client-Request-Id: '],
    status: 400,
    code: 'invalid_client_request_id',
  },
  {
    name: 'an X-Client-Request-Id with a tab',
    headers: [
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
      'X-Client-Request-Id: a\tb',
    ],
    status: 400,
    code: 'invalid_client_request_id',
  },
  {
    name: 'an X-Client-Request-Id of 513 characters',
    headers: [
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
      `X-Client-Request-Id: ${'x'.repeat(513)}`,
    ],
    status: 400,
    code: 'invalid_client_request_id',
  },
  {
    name: 'an X-Client-Request-Id of 512 characters',
    headers: [
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
      `X-Client-Request-Id: ${'x'.repeat(512)}`,
    ],
    status: 200,
    code: null,
  },
];

/** Status and body of a raw HTTP/1.1 answer, chunked or not. */
function parsed(answer: string): { status: number; body: string } {
  const at = answer.indexOf('\r\n\r\n');
  let body = answer.slice(at + 4);
  if (/\r\ntransfer-encoding: chunked/i.test(answer.slice(0, at))) {
    let out = '';
    for (let rest = body; ;) {
      const eol = rest.indexOf('\r\n');
      const size = parseInt(rest.slice(0, eol), 16);
      if (!size) break;
      out += rest.slice(eol + 2, eol + 2 + size);
      rest = rest.slice(eol + 4 + size);
    }
    body = out;
  }
  return { status: statusOf(answer), body };
}

describe('the shared table of hostile cases: repeated headers', () => {
  it.each(HEADER_CASES)(
    '$name: both adapters answer $status alike',
    async ({ headers: lines, status, code }) => {
      current = () => OK;
      const request = `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\n${lines.join('\r\n')}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
      const viaNode = parsed(await raw(node.port, [request], /(?!)/));
      const viaBridge = parsed(await raw(bridged.port, [request], /(?!)/));
      const web = new Headers();
      for (const line of lines)
        web.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      const d = await app.fetch(
        new Request('http://localhost/v1/embeddings', { method: 'POST', headers: web, body }),
      );
      const direct = { status: d.status, body: await d.text() };
      expect(viaNode.status).toBe(status);
      if (code) expect(JSON.parse(viaNode.body).error.code).toBe(code);
      expect(viaBridge).toEqual(viaNode);
      expect(direct).toEqual(viaNode);
    },
  );
});

describe('media types named like Object.prototype properties, on an operation that takes two media types', () => {
  it.each(['constructor', '__proto__', 'hasOwnProperty'])(
    'Content-Type: %s is refused with 415 by both adapters',
    async (type) => {
      const request = `POST /v1/images/edits HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
      const viaNode = parsed(await raw(node.port, [request], /(?!)/));
      const viaBridge = parsed(await raw(bridged.port, [request], /(?!)/));
      const d = await app.fetch(
        new Request('http://localhost/v1/images/edits', {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': type },
          body,
        }),
      );
      expect(viaNode.status).toBe(415);
      expect(JSON.parse(viaNode.body).error.code).toBe('unsupported_media_type');
      expect(viaBridge).toEqual(viaNode);
      expect({ status: d.status, body: await d.text() }).toEqual(viaNode);
    },
  );
});

describe('routing the raw path', () => {
  const PATHS = [
    '/v1/models/x/../../embeddings',
    '/v1/models/x/%2e%2e/%2E%2E/embeddings',
    '/v1\\embeddings',
    '/v1/embeddings#fragment',
    '/v1/./embeddings',
  ];
  it.each(PATHS)('%s reaches the same operation through both adapters', async (path) => {
    current = () => OK;
    const request = (port: number) =>
      raw(
        port,
        [
          `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        ],
        /\r\n\r\n[\s\S]*\}$/,
      );
    const viaNode = await request(node.port);
    const viaBridge = await request(bridged.port);
    expect(statusOf(viaNode)).toBe(200);
    expect(statusOf(viaBridge)).toBe(200);
    const direct = await app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }));
    expect(direct.status).toBe(200);
  });
});
