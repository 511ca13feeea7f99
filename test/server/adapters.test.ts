/**
 * One table of hostile cases run through both adapters (node:http and fetch), over real loopback HTTP and through
 * `server.fetch` directly: both must answer the same status and body, and `server.fetch` must never reject.
 * Then raw paths (dot segments, backslashes, fragments) route to the same operation in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, listen, raw, statusOf, type Running } from './helpers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
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
  { name: 'HttpError(700)', act: () => { throw new server.HttpError(700, 'odd'); }, status: 500 },
  { name: 'HttpError(200)', act: () => { throw new server.HttpError(200, 'not an error'); }, status: 500 },
  { name: 'HttpError with a CR/LF header', act: () => { throw new server.HttpError(429, 'slow', null, null, { 'retry-after': '1\r\nx-evil: 1' }); }, status: 500 },
  { name: 'reply header value with CR/LF', act: () => server.reply(200, OK, { 'x-a': 'a\r\nx-evil: 1' }), status: 500 },
  { name: 'reply header with an invalid name', act: () => server.reply(200, OK, { 'x a': 'b' }), status: 500 },
  { name: 'returns a function', act: () => () => OK, status: 500 },
  { name: 'returns a symbol', act: () => Symbol('x'), status: 500 },
  { name: 'returns a BigInt inside the body', act: () => ({ ...OK, n: 1n }), status: 500 },
  { name: 'returns a cyclic object', act: () => { const o: any = { ...OK }; o.self = o; return o; }, status: 500 },
  { name: 'throws a non-error', act: () => { throw 'a string'; }, status: 500 },
  { name: 'rejects with undefined', act: () => Promise.reject(undefined), status: 500 },
  { name: 'HttpError(418)', act: () => { throw new server.HttpError(418, 'teapot', 'teapot'); }, status: 418 },
  { name: 'a {status, body, headers} literal is a body, not a Reply', act: () => ({ status: 201, body: OK, headers: {} }), status: 200 },
  { name: 'reply(201, body, headers)', act: () => server.reply(201, OK, { 'x-made': 'yes' }), status: 201 },
];

let current: () => unknown = () => OK;
let app: server.Server;
let node: Running;
let bridged: Running;

beforeAll(async () => {
  app = server.createServer({ createEmbedding: () => current() } as unknown as server.Handlers, { authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined), requestId: () => 'req_fixed' });
  node = await listen(app.node);
  bridged = await listen(fetchBridge(app.fetch));
});
afterAll(async () => {
  await node?.close();
  await bridged?.close();
});

const body = JSON.stringify({ model: 'text-embedding-ada-002', input: 'x' });

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), made: res.headers.get('x-made'), evil: res.headers.get('x-evil'), text };
}

describe('the shared table of hostile cases', () => {
  it.each(CASES)('$name: both adapters answer $status alike', async ({ act, status }) => {
    current = act;
    const viaNode = await answer(await fetch(`${node.url}/v1/embeddings`, { method: 'POST', headers, body }));
    const viaBridge = await answer(await fetch(`${bridged.url}/v1/embeddings`, { method: 'POST', headers, body }));
    const direct = await answer(await app.fetch(new Request('http://localhost/v1/embeddings', { method: 'POST', headers, body })));
    expect(viaNode.status).toBe(status);
    expect(viaNode.evil).toBeNull();
    expect(viaBridge).toEqual(viaNode);
    expect(direct).toEqual(viaNode);
    if (status === 500) expect(JSON.parse(viaNode.text).error.code).toBe('internal_error');
  });
});

describe('routing the raw path', () => {
  const PATHS = ['/v1/models/x/../../embeddings', '/v1/models/x/%2e%2e/%2E%2E/embeddings', '/v1\\embeddings', '/v1/embeddings#fragment', '/v1/./embeddings'];
  it.each(PATHS)('%s reaches the same operation through both adapters', async (path) => {
    current = () => OK;
    const request = (port: number) => raw(port, [`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`], /\r\n\r\n[\s\S]*\}$/);
    const viaNode = await request(node.port);
    const viaBridge = await request(bridged.port);
    expect(statusOf(viaNode)).toBe(200);
    expect(statusOf(viaBridge)).toBe(200);
    const direct = await app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }));
    expect(direct.status).toBe(200);
  });
});
