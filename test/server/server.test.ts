/**
 * The generated server over real loopback HTTP, through the node:http adapter (and the fetch adapter at the end):
 * the pipeline's order and status codes, the envelope and headers, SSE framing, multipart, binary, state guards,
 * and hostile input after which the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../validators/fixture.ts';
import { abortMidBody, fetchBridge, listen, raw, statusOf, trickle, type Running } from './helpers.ts';

type Input = {
  params: any;
  query: any;
  headers: any;
  body: any;
  principal: any;
  requestId: string;
  signal: AbortSignal;
};
type ServerModule = {
  createServer(
    handlers: Record<string, (input: Input) => unknown>,
    options?: Record<string, unknown>,
  ): { node: any; fetch: (r: Request) => Promise<Response> };
  reply(status: number, body?: unknown, headers?: Record<string, string>): unknown;
  HttpError: new (status: number, message: string, code?: string) => Error;
  guardState(operationId: string, state: string): void;
};

let mod: ServerModule;
let srv: Running;
let fetchSrv: Running;
const seen: Input[] = [];
let streamClosed: Promise<void>;
let markStreamClosed: () => void = () => undefined;

const TOKENS: Record<string, { kind: string; id: string }> = {
  sk: { kind: 'api_key', id: 'k1' },
  at: { kind: 'access_token', id: 't1' },
  admin: { kind: 'admin_key', id: 'a1' },
  // A key with spaces, as openai-node's own tests send theirs.
  'My API Key': { kind: 'api_key', id: 'k2' },
};
const auth = { authorization: 'Bearer sk' };
const json = { ...auth, 'content-type': 'application/json' };

function handlers() {
  return {
    createEmbedding: (input: Input) => {
      seen.push(input);
      return {
        object: 'list',
        model: input.body.model,
        data: [{ object: 'embedding', index: 0, embedding: [0.5] }],
      };
    },
    listThings: (input: Input) => {
      seen.push(input);
      return { object: 'list', data: [], has_more: false };
    },
    createCompletion: (input: Input) => {
      if (!input.body.stream) return { id: 'c1', object: 'text_completion', text: 'hi' };
      if (input.body.prompt === 'forever') {
        return (async function* () {
          try {
            for (let i = 0; ; i++) {
              yield { id: 'c1', object: 'text_completion', text: String(i) };
              await new Promise((r) => setImmediate(r));
            }
          } finally {
            markStreamClosed();
          }
        })();
      }
      return (async function* () {
        yield { id: 'c1', object: 'text_completion', text: 'a' };
        yield { id: 'c1', object: 'text_completion', text: 'b\nc' };
      })();
    },
    createImageEdit: (input: Input) => {
      seen.push(input);
      if (input.body.stream) {
        return (async function* () {
          yield {
            event: 'image_edit.partial_image',
            data: { type: 'image_edit.partial_image', b64_json: 'AA==' },
          };
          yield { event: 'image_edit.completed', data: { type: 'image_edit.completed' } };
        })();
      }
      return { created: 1 };
    },
    runGrader: (input: Input) => {
      if (input.body.model_sample === 'throw') throw new Error('secret internal detail at /srv/app.js:12');
      if (input.body.model_sample === 'teapot') throw new mod.HttpError(418, 'I am a teapot', 'teapot');
      return { reward: 1 };
    },
    deleteVideo: (input: Input) => {
      const state = input.params.videoId === 'done' ? 'completed' : 'queued';
      mod.guardState('deleteVideo', state);
      return { id: input.params.videoId, deleted: true };
    },
    deleteModel: (input: Input) => ({ id: input.params.model, deleted: true }),
    downloadVideoContent: (input: Input) =>
      new Uint8Array([0, 1, 2, 255, input.query.variant === 'video' ? 1 : 2]),
    createTree: (input: Input) => mod.reply(201, input.body),
  };
}

beforeAll(async () => {
  const out = await generateFixture('server', undefined, [
    'types',
    'enums',
    'state-machines',
    'validators',
    'server',
  ]);
  mod = (await import(`${out}/server/index.ts`)) as ServerModule;
  const options = {
    authenticate: (token: string) => TOKENS[token],
    rateLimit: (ctx: { headers: Record<string, string | undefined> }) =>
      ctx.headers['x-test-limit'] === 'yes'
        ? {
            allowed: false,
            retryAfterSeconds: 7,
            headers: { 'x-ratelimit-remaining-requests': 0, 'x-ratelimit-limit-requests': 60 },
          }
        : {
            allowed: true,
            headers: { 'x-ratelimit-remaining-requests': 59, 'x-ratelimit-limit-requests': 60 },
          },
    maxBodyBytes: 64 * 1024,
  };
  const server = mod.createServer(handlers(), options);
  srv = await listen(server.node);
  fetchSrv = await listen(fetchBridge(server.fetch));
});
afterAll(async () => {
  await srv.close();
  await fetchSrv.close();
});

async function call(path: string, init: RequestInit = {}, base = srv.url) {
  const res = await fetch(`${base}/v1${path}`, init);
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body, text };
}
const post = (path: string, body: unknown, headers: Record<string, string> = json) =>
  call(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the pipeline', () => {
  it('delivers a valid request to its handler with typed, coerced input and the standard headers', async () => {
    const r = await post(
      '/embeddings',
      { model: 'text-embedding-3-small', input: 'hello' },
      { ...json, 'x-client-request-id': 'abc' },
    );
    expect(r.status).toBe(200);
    expect(r.body.data[0].embedding).toEqual([0.5]);
    expect(r.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(r.headers.get('service-version')).toBe('2020-10-01');
    expect(Number(r.headers.get('service-processing-ms'))).toBeGreaterThanOrEqual(0);
    expect(r.headers.get('x-ratelimit-remaining-requests')).toBe('59');
    const input = seen.at(-1)!;
    expect(input.body).toEqual({ model: 'text-embedding-3-small', input: 'hello', encoding_format: 'float' });
    expect(input.headers).toEqual({ 'X-Client-Request-Id': 'abc' });
    expect(input.principal).toEqual(TOKENS.sk);
    const q = await call('/things?limit=5&include=a&include=b', { headers: auth });
    expect(q.status).toBe(200);
    expect(seen.at(-1)!.query).toEqual({ limit: 5, order: 'desc', include: ['a', 'b'] });
  });
  it('answers 404 for unknown routes and 405 with Allow for other methods', async () => {
    const nf = await call('/nope', { headers: auth });
    expect(nf.status).toBe(404);
    expect(nf.body.error).toMatchObject({ type: 'not_found_error', code: 'not_found' });
    expect(nf.headers.get('x-request-id')).toBeTruthy();
    expect((await call('/embeddings/', { headers: auth })).status).toBe(404);
    expect((await fetch(`${srv.url}/embeddings`)).status).toBe(404);
    const na = await call('/embeddings', { headers: auth });
    expect(na.status).toBe(405);
    expect(na.headers.get('allow')).toBe('POST');
  });
  it('authenticates bearer tokens: missing or rejected 401, access tokens refused by deleteModel 403', async () => {
    const body = { model: 'text-embedding-3-small', input: 'x' };
    const missing = await post('/embeddings', body, { 'content-type': 'application/json' });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('missing_credentials');
    const spaced = { 'content-type': 'application/json', authorization: 'Bearer My API Key' };
    expect((await post('/embeddings', body, spaced)).status).toBe(200);
    for (const malformed of ['Basic sk', 'Bearer', 'Bearer   ', 'Token sk'])
      expect((await post('/embeddings', body, { ...spaced, authorization: malformed })).body.error.code).toBe(
        'invalid_credentials',
      );
    const bad = await post('/embeddings', body, {
      'content-type': 'application/json',
      authorization: 'Bearer nope',
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error.type).toBe('authentication_error');
    expect(
      (await post('/embeddings', body, { 'content-type': 'application/json', authorization: 'Basic sk' }))
        .status,
    ).toBe(401);
    expect(
      (await call('/models/ft-1', { method: 'DELETE', headers: { authorization: 'Bearer at' } })).status,
    ).toBe(403);
    expect((await call('/models/ft-1', { method: 'DELETE', headers: auth })).status).toBe(200);
    expect(
      (await post('/embeddings', body, { 'content-type': 'application/json', authorization: 'Bearer at' }))
        .status,
    ).toBe(200);
    expect(
      (await post('/embeddings', body, { 'content-type': 'application/json', authorization: 'Bearer admin' }))
        .status,
    ).toBe(403);
    expect(
      (
        await post(
          '/trees',
          { id: '123e4567-e89b-12d3-a456-426614174000' },
          { 'content-type': 'application/json' },
        )
      ).status,
    ).toBe(201);
  });
  it('answers 429 with Retry-After and x-ratelimit headers from the rate-limit hook', async () => {
    const r = await post('/embeddings', { model: 'm', input: 'x' }, { ...json, 'x-test-limit': 'yes' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(r.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(r.body.error.type).toBe('rate_limit_error');
  });
  it('checks the content type (415), JSON (400) and the body against the spec (400 with every error)', async () => {
    const u = await post('/embeddings', 'input=x', { ...auth, 'content-type': 'text/plain' });
    expect(u.status).toBe(415);
    const bad = await post('/embeddings', '{"model": "m", "input": ', json);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_json');
    // `extra` is accepted: the body's schema leaves it open.
    const v = await post('/embeddings', { model: 'm', input: '', extra: 1, encoding_format: 'hex' }, json);
    expect(v.status).toBe(400);
    expect(v.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_request',
      param: v.body.error.errors[0].path,
    });
    expect(v.body.error.message).toMatch(/\(and 1 more errors?\)\.$/);
    expect(v.body.error.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      '/body/encoding_format',
      '/body/input',
    ]);
    expect((await post('/embeddings', '', json)).body.error.errors[0]).toMatchObject({
      path: '/body',
      code: 'required',
    });
    const q = await call('/things?limit=0', { headers: auth });
    expect(q.status).toBe(400);
    expect(q.body.error.param).toBe('/query/limit');
  });
  it('enforces the X-Client-Request-Id limits: 512 ASCII characters', async () => {
    const body = { model: 'm', input: 'x' };
    expect(
      (await post('/embeddings', body, { ...json, 'x-client-request-id': 'a'.repeat(512) })).status,
    ).toBe(200);
    const long = await post('/embeddings', body, { ...json, 'x-client-request-id': 'a'.repeat(513) });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('invalid_client_request_id');
    const nonAscii = await raw(srv.port, [
      Buffer.from(
        `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk\r\nContent-Type: application/json\r\nX-Client-Request-Id: caf\u00e9\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        'utf8',
      ),
    ]);
    expect(statusOf(nonAscii)).toBe(400);
    expect(nonAscii).toContain('invalid_client_request_id');
  });
  it('answers 501 for a missing handler, 500 without internals for a thrown error, and HttpError as thrown', async () => {
    const server = mod.createServer({}, { authenticate: () => TOKENS.sk });
    const bare = await listen(server.node);
    try {
      const r = await call('/things', { headers: auth }, bare.url);
      expect(r.status).toBe(501);
      expect(r.body.error.type).toBe('not_implemented_error');
    } finally {
      await bare.close();
    }
    const boom = await post('/fine_tuning/alpha/graders/run', {
      grader: { type: 'string_check', name: 'n', input: 'i', reference: 'r', operation: 'eq' },
      model_sample: 'throw',
    });
    expect(boom.status).toBe(500);
    expect(boom.text).not.toMatch(/secret|srv|at /);
    expect(boom.body.error.type).toBe('server_error');
    const tea = await post('/fine_tuning/alpha/graders/run', {
      grader: { type: 'string_check', name: 'n', input: 'i', reference: 'r', operation: 'eq' },
      model_sample: 'teapot',
    });
    expect(tea.status).toBe(418);
  });
  it('guards state-dependent operations through the state tables', async () => {
    const refused = await call('/videos/v1', { method: 'DELETE', headers: auth });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "deleteVideo is not allowed while the status is 'queued' (allowed: completed, failed).",
    );
    expect((await call('/videos/done', { method: 'DELETE', headers: auth })).status).toBe(200);
  });
});

describe('bodies and responses', () => {
  it('parses multipart uploads with the platform FormData: files as Blobs, text coerced', async () => {
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
    form.set('prompt', 'edit');
    form.set('n', '2');
    const r = await call('/images/edits', { method: 'POST', headers: auth, body: form });
    expect(r.status).toBe(200);
    const body = seen.at(-1)!.body;
    expect(body.n).toBe(2);
    expect(body.image).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await (body.image as Blob).arrayBuffer())]).toEqual([1, 2, 3]);
    const missing = new FormData();
    missing.set('prompt', 'edit');
    const m = await call('/images/edits', { method: 'POST', headers: auth, body: missing });
    expect(m.status).toBe(400);
    expect(m.body.error.param).toBe('/body/image');
  });
  it('frames data-only SSE with [DONE] and named SSE with event lines', async () => {
    const r = await post('/completions', { model: 'm', prompt: 'p', stream: true });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.text).toBe(
      'data: {"id":"c1","object":"text_completion","text":"a"}\n\ndata: {"id":"c1","object":"text_completion","text":"b\\nc"}\n\ndata: [DONE]\n\n',
    );
    expect((await post('/completions', { model: 'm', prompt: 'p' })).body).toEqual({
      id: 'c1',
      object: 'text_completion',
      text: 'hi',
    });
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1])], 'a.png'));
    form.set('prompt', 'p');
    form.set('stream', 'true');
    const named = await call('/images/edits', { method: 'POST', headers: auth, body: form });
    expect(named.text).toBe(
      'event: image_edit.partial_image\ndata: {"type":"image_edit.partial_image","b64_json":"AA=="}\n\nevent: image_edit.completed\ndata: {"type":"image_edit.completed"}\n\n',
    );
  });
  it('stops the event source when the client goes away', async () => {
    streamClosed = new Promise((resolve) => (markStreamClosed = resolve));
    const controller = new AbortController();
    const res = await fetch(`${srv.url}/v1/completions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ model: 'm', prompt: 'forever', stream: true }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await streamClosed;
    expect((await call('/things', { headers: auth })).status).toBe(200);
  });
  it('sends binary responses with the spec media type', async () => {
    const res = await fetch(`${srv.url}/v1/videos/v1/content`, { headers: auth });
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 255, 1]);
  });
});

describe('hostile input', () => {
  const grader = { type: 'string_check', name: 'n', input: 'i', reference: 'r', operation: 'eq' };
  it('rejects oversized bodies (413) by content-length and while streaming, and keeps serving', async () => {
    const big = JSON.stringify({ grader, model_sample: 'x'.repeat(70 * 1024) });
    expect((await post('/fine_tuning/alpha/graders/run', big)).status).toBe(413);
    const chunked = await raw(srv.port, [
      'POST /v1/fine_tuning/alpha/graders/run HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      ...Array.from({ length: 20 }, () => `1000\r\n${'x'.repeat(4096)}\r\n`),
    ]);
    expect(statusOf(chunked)).toBe(413);
    expect((await call('/things', { headers: auth })).status).toBe(200);
  });
  it('answers 431 for headers over 64 KiB', async () => {
    const r = await call('/things', { headers: { ...auth, 'x-big': 'a'.repeat(66 * 1024) } });
    expect(r.status).toBe(431);
    expect(r.body.error.code).toBe('headers_too_large');
    expect((await call('/things', { headers: { ...auth, 'x-big': 'a'.repeat(60 * 1024) } })).status).toBe(
      200,
    );
  });
  it('survives invalid UTF-8, truncated multipart, __proto__ keys and deep nesting', async () => {
    const utf = await call('/embeddings', {
      method: 'POST',
      headers: json,
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(utf.status).toBe(400);
    expect(utf.body.error.code).toBe('invalid_encoding');
    const truncated = await call('/images/edits', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhello',
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.code).toBe('invalid_multipart');
    // `__proto__` keys are dropped from parsed JSON (spelled out or escaped), so the handler gets the rest.
    const proto = await post(
      '/embeddings',
      '{"model":"m","input":"x","__proto__":{"admin":true},"\\u005f_proto__":{"admin":true}}',
    );
    expect(proto.status).toBe(200);
    const received = seen.at(-1)!.body;
    expect(Object.hasOwn(received, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const deep = `{"grader":${JSON.stringify(grader)},"model_sample":"s","item":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const tooDeep = await post('/fine_tuning/alpha/graders/run', deep);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.code).toBe('too_deep');
    // Within the parser's 256 levels, the validators' own limit on recursive schemas (64) answers.
    let tree = '{"name":"leaf"}';
    for (let i = 0; i < 100; i++) tree = `{"name":"n","children":[${tree}]}`;
    const t = await post('/trees', `{"id":"123e4567-e89b-12d3-a456-426614174000","tree":${tree}}`);
    expect(t.status).toBe(400);
    expect(t.body.error.errors[0].code).toBe('too_deep');
  });
  it('handles aborted and slow clients, then serves the next request', async () => {
    // Declares 1000 bytes, sends 10, then disconnects.
    await abortMidBody(
      srv.port,
      'POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"model":"',
    );
    const slowBody = JSON.stringify({ model: 'text-embedding-3-small', input: 'slow' });
    const parts = [
      'POST /v1/embeddings HTTP/1.1\r\nHost: x\r\n',
      'Authorization: Bearer sk\r\nContent-Type: application/json\r\n',
      `Content-Length: ${slowBody.length}\r\nConnection: close\r\n\r\n`,
      ...slowBody.match(/.{1,5}/g)!,
    ];
    const slow = await trickle(srv.port, parts);
    expect(statusOf(slow)).toBe(200);
    expect((await call('/things', { headers: auth })).status).toBe(200);
  });
});

describe('the fetch adapter', () => {
  it('runs the same pipeline through Request and Response', async () => {
    const ok = await call(
      '/embeddings',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model: 'text-embedding-3-small', input: 'x' }),
      },
      fetchSrv.url,
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('service-version')).toBe('2020-10-01');
    expect((await call('/embeddings', { headers: auth }, fetchSrv.url)).status).toBe(405);
    const sse = await call(
      '/completions',
      { method: 'POST', headers: json, body: JSON.stringify({ model: 'm', prompt: 'p', stream: true }) },
      fetchSrv.url,
    );
    expect(sse.text.endsWith('data: [DONE]\n\n')).toBe(true);
    const form = new FormData();
    form.set('image', new File([new Uint8Array([9])], 'a.png'));
    form.set('prompt', 'p');
    expect(
      (await call('/images/edits', { method: 'POST', headers: auth, body: form }, fetchSrv.url)).status,
    ).toBe(200);
    expect(
      (
        await call(
          '/fine_tuning/alpha/graders/run',
          { method: 'POST', headers: json, body: '{' },
          fetchSrv.url,
        )
      ).status,
    ).toBe(400);
  });
});
