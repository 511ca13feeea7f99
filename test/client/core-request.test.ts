/** The request engine over real HTTP: URL, headers, bodies, errors, withResponse. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  ClientError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../templates/client/core/errors.ts';
import { APIPromise } from '../../templates/client/core/api-promise.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { json, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('requests', () => {
  it('sends the credential, organization, project, client request id, default and per-request headers and query', async () => {
    server = await startServer((_req, res) => json(res, 200, { id: 'thing 1' }));
    const client = new CoreClient({
      apiKey: 'sk-test',
      baseURL: `${server.url}/v1/`,
      organization: 'org_1',
      project: 'proj_1',
      defaultHeaders: { 'X-Default': 'd' },
      defaultQuery: { dq: 1 },
    });
    const result = await client.call(
      ops.getThing,
      { path: { thing_id: 'a/b c' } },
      { headers: { 'X-Extra': 'e' }, query: { q: 'x' }, clientRequestId: 'req-123' },
    );
    expect(result).toEqual({ id: 'thing 1' });
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v1/things/a%2Fb%20c');
    expect(req.query).toEqual({ dq: '1', q: 'x' });
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.headers['service-organization']).toBe('org_1');
    expect(req.headers['service-project']).toBe('proj_1');
    expect(req.headers['x-client-request-id']).toBe('req-123');
    expect(req.headers['x-default']).toBe('d');
    expect(req.headers['x-extra']).toBe('e');
    expect(req.headers.accept).toBe('application/json');
  });

  it('encodes a path parameter exactly as encodeURIComponent does, whether or not it needs escaping', async () => {
    server = await startServer((_req, res) => json(res, 200, { ok: true }));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const values = ["a-b_c.d!~*'()", 'é/ü', '100%', 'plain_id_1', '\u{1F600}', 'a?b#c'];
    for (const value of values) await client.call(ops.getThing, { path: { thing_id: value } });
    expect(server.requests.map((r) => r.path)).toEqual(values.map((v) => `/things/${encodeURIComponent(v)}`));
  });

  it('sends a JSON body and splits params between query and body', async () => {
    server = await startServer((_req, res) => json(res, 200, { ok: true }));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await client.call(ops.createThing, { params: { name: 'n', nested: { a: [1, 2] } } });
    await client.call(ops.mixed, { path: { id: 'x' }, params: { variant: 'thumb', prompt: 'p' } });
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
    expect(server.requests[0]!.json).toEqual({ name: 'n', nested: { a: [1, 2] } });
    expect(server.requests[1]!.query).toEqual({ variant: 'thumb' });
    expect(server.requests[1]!.json).toEqual({ prompt: 'p' });
  });

  it('sends a text or bytes body with the media type the shared table lists for that kind', async () => {
    server = await startServer((_req, res) => json(res, 200, { ok: true }));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await client.call(ops.xml, { params: '<a/>' });
    await client.call(ops.bytes, { params: new Uint8Array([1, 2]) });
    expect(server.requests[0]!.headers['content-type']).toBe('application/xml');
    expect(server.requests[0]!.text).toBe('<a/>');
    // A wildcard media type names no type to send: the bytes go as application/octet-stream.
    expect(server.requests[1]!.headers['content-type']).toBe('application/octet-stream');
  });

  it('reads the key and ids from the environment and fails clearly without a key', () => {
    const saved = { ...process.env };
    try {
      process.env.PLATFORM_API_KEY = 'env-key';
      process.env.PLATFORM_ORG_ID = 'env-org';
      process.env.PLATFORM_PROJECT_ID = 'env-proj';
      process.env.PLATFORM_BASE_URL = 'http://127.0.0.1:1/v1';
      const client = new CoreClient({});
      expect([client.organization, client.project, client.baseURL]).toEqual([
        'env-org',
        'env-proj',
        'http://127.0.0.1:1/v1',
      ]);
      delete process.env.PLATFORM_API_KEY;
      expect(() => new CoreClient({})).toThrow(/Missing API key/);
      expect(() => new CoreClient({ apiKey: 'k', maxRetries: -1 })).toThrow(ClientError);
    } finally {
      process.env = saved;
    }
  });

  it('rejects a non-ASCII or too long client request id before sending', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(
      client.call(ops.getThing, { path: { thing_id: 'a' } }, { clientRequestId: 'naïve' }),
    ).rejects.toThrow(/clientRequestId/);
    await expect(
      client.call(ops.getThing, { path: { thing_id: 'a' } }, { clientRequestId: 'x'.repeat(513) }),
    ).rejects.toThrow(ClientError);
    await client.call(ops.getThing, { path: { thing_id: 'a' } }, { clientRequestId: 'x'.repeat(512) });
    expect(server.requests).toHaveLength(1);
  });

  it('rejects an empty path parameter before sending', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(client.call(ops.getThing, { path: { thing_id: '' } })).rejects.toThrow(/thing_id/);
    expect(server.requests).toHaveLength(0);
  });

  it('takes a function as the key, called per request', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    let n = 0;
    const client = new CoreClient({ apiKey: async () => `tok-${++n}`, baseURL: server.url });
    await client.call(ops.getThing, { path: { thing_id: 'a' } });
    await client.call(ops.getThing, { path: { thing_id: 'a' } });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });
});

describe('errors', () => {
  const cases: [number, typeof APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ];
  it.each(cases)(
    'maps %i to its class with status, headers, request id and envelope',
    async (status, Class) => {
      server = await startServer((_req, res) =>
        json(
          res,
          status,
          { error: { message: 'nope', code: 'bad_thing', type: 'invalid_request_error', param: 'name' } },
          { 'x-request-id': 'req_abc' },
        ),
      );
      const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
      const error = await client.call(ops.getThing, { path: { thing_id: 'a' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(APIError);
      const e = error as APIError;
      expect(e.status).toBe(status);
      expect(e.requestId).toBe('req_abc');
      expect(e.headers?.get('x-request-id')).toBe('req_abc');
      expect([e.code, e.type, e.param]).toEqual(['bad_thing', 'invalid_request_error', 'name']);
      expect(e.message).toBe(`${status} nope`);
    },
  );

  it('keeps a non-JSON error body as text', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('plain failure');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const error = (await client
      .call(ops.getThing, { path: { thing_id: 'a' } })
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.body).toBe('plain failure');
    expect(error.message).toBe('400 plain failure');
  });

  it('throws APIError on a success body that is not JSON', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{not json');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toThrow(/not valid JSON/);
  });

  it('throws APIConnectionError when nothing listens', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    const url = server.url;
    await server.close();
    server = undefined;
    const client = new CoreClient({ apiKey: 'k', baseURL: url, maxRetries: 0 });
    const error = await client.call(ops.getThing, { path: { thing_id: 'a' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIError).status).toBeUndefined();
  });
});

describe('withResponse', () => {
  it('gives data, the response, the request id and parsed rate limits', async () => {
    server = await startServer((_req, res) =>
      json(
        res,
        200,
        { id: 'x' },
        {
          'x-request-id': 'req_1',
          'x-ratelimit-limit-requests': '60',
          'x-ratelimit-remaining-requests': '59',
          'x-ratelimit-reset-requests': '1s',
          'x-ratelimit-limit-tokens': '150000',
          'x-ratelimit-remaining-tokens': '149984',
          'x-ratelimit-reset-tokens': '6m0s',
          'x-ratelimit-reset-project-tokens': '20ms',
        },
      ),
    );
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const { data, response, requestId, rateLimit } = await client
      .call(ops.getThing, { path: { thing_id: 'a' } })
      .withResponse();
    expect(data).toEqual({ id: 'x' });
    expect(response.status).toBe(200);
    expect(requestId).toBe('req_1');
    expect(rateLimit).toEqual({
      limitRequests: 60,
      remainingRequests: 59,
      resetRequests: 1,
      limitTokens: 150000,
      remainingTokens: 149984,
      resetTokens: 360,
      resetProjectTokens: 0.02,
    });
  });

  it('asResponse gives the raw response with its body unread', async () => {
    server = await startServer((_req, res) => json(res, 200, { id: 'x' }));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const response = await client.call(ops.download, {}).asResponse();
    expect(await response.json()).toEqual({ id: 'x' });
  });

  it('asResponse of a JSON operation gives the response even when its body is not JSON, and reports no failure', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('not json');
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const call = client.call(ops.getThing, { path: { thing_id: 'a' } });
      const response = await call.asResponse();
      expect(response.status).toBe(200);
      // Unhandled rejections are reported once the microtask queue is empty: let two turns of the event loop pass.
      for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      // The data is still there for whoever awaits it: here, the parse failure.
      await expect(call).rejects.toThrow(/not valid JSON/);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('is a promise that await takes as it is, settled with the data; then/catch give plain promises', async () => {
    server = await startServer((_req, res) => json(res, 200, { id: 'x' }));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const call = client.call(ops.getThing, { path: { thing_id: 'a' } });
    expect(call).toBeInstanceOf(APIPromise);
    expect(call).toBeInstanceOf(Promise);
    expect(Promise.resolve(call)).toBe(call);
    const derived = call.then((data) => data);
    expect(derived).not.toBeInstanceOf(APIPromise);
    expect(await derived).toEqual({ id: 'x' });
    expect(await call).toEqual({ id: 'x' });
    const page = client.list(ops.listThings, {});
    expect(Promise.resolve(page)).toBe(page);
    await page.then(
      () => undefined,
      () => undefined,
    );
  });

  it('turns a request it cannot build into a rejection, never a throw from the call', async () => {
    const client = new CoreClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' });
    let call: Promise<unknown> | undefined;
    expect(() => {
      call = client.call(ops.getThing, { path: {} });
    }).not.toThrow();
    await expect(call).rejects.toThrow(ClientError);
  });

  it('returns text and binary responses by kind', async () => {
    server = await startServer((req, res) => {
      if (req.path === '/text') {
        const format = (req.json as { format?: string }).format;
        if (format) {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('1\n00:00 --> 00:01\nhello');
        } else json(res, 200, { text: 'hello' });
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(Buffer.from([1, 2, 3]));
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    expect(await client.call(ops.text, { params: { format: 'srt' } })).toBe('1\n00:00 --> 00:01\nhello');
    expect(await client.call(ops.text, { params: {} })).toEqual({ text: 'hello' });
    const audio = await client.call<Response>(ops.download, {});
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([1, 2, 3]);
  });
});

describe('servers of the token exchange', () => {
  it('goes to auth_url for JWT and mtls_auth_url for X.509, without a bearer', async () => {
    server = await startServer((_req, res) => json(res, 200, { access_token: 't', expires_in: 60 }));
    const client = new CoreClient({
      apiKey: null,
      baseURL: 'http://127.0.0.1:1',
      serverVariables: { auth_url: `${server.url}/jwt`, mtls_auth_url: `${server.url}/mtls` },
    });
    await client.call(ops.token, { params: { subject_token_type: 'urn:ietf:params:oauth:token-type:jwt' } });
    await client.call(ops.token, {
      params: { subject_token_type: 'urn:service:params:oauth:token-type:x509' },
    });
    expect(server.requests.map((r) => r.path)).toEqual(['/jwt/oauth/token', '/mtls/oauth/token']);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('refuses an authenticated call on a client without a key', async () => {
    const client = new CoreClient({ apiKey: null, baseURL: 'http://127.0.0.1:1' });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toThrow(/no API key/);
  });
});
