/**
 * Production hardening of the generated server (issue 11, items 1-4 and 8), over real loopback HTTP through both
 * adapters: per-operation body limits and limits enforced while reading, streams that fail as errors, early
 * throws answered as errors, the response kind chosen by the request, and the smaller items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { validateRequest, validateResponse, validateSchema } from '../../generated/validators/index.ts';
import { fetchBridge, listen, raw, statusOf, type Running } from './helpers.ts';

const TOKEN = 'sk-hard';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const errors: unknown[] = [];
let retryAfter: number = 7;
let node: Running;
let viaFetch: Running;

const SPEECH = { input: 'hi', model: 'tts-1', voice: 'alloy' };
const EMBED = { input: 'x', model: 'text-embedding-ada-002' };
const TOKEN_BODY = {
  grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
  identity_provider_id: 'i',
  service_account_id: 's',
  subject_token: 't',
  subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
};

const bytes = (...b: number[]) => new Uint8Array(b);

const handlers: Record<string, (input: any) => unknown> = {
  createEmbedding: (input) => {
    if (input.body.input === 'nothing') return undefined;
    return {
      object: 'list',
      model: input.body.model,
      data: [{ object: 'embedding', index: 0, embedding: [0.5] }],
      usage: { prompt_tokens: 1, total_tokens: 1 },
    };
  },
  createSpeech: (input) => {
    const mode = input.body.input as string;
    if (mode === 'stream')
      return new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes(73, 68, 51)), c.close()) });
    if (mode === 'fail-midway') {
      return (async function* () {
        yield bytes(1, 2, 3);
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('encoder crashed');
      })();
    }
    if (input.body.stream_format === 'sse') {
      return (async function* () {
        yield { type: 'speech.audio.delta', audio: 'AAA=' };
      })();
    }
    return (async function* () {
      yield bytes(73, 68);
      yield bytes(51);
    })();
  },
  createCompletion: (input) => {
    const prompt = input.body.prompt as string;
    if (prompt === 'iterable-without-stream') {
      return (async function* () {
        yield { id: 'c', object: 'text_completion' };
      })();
    }
    if (prompt === 'early') {
      return (async function* () {
        throw new Error('upstream unavailable');
        yield {}; // eslint-disable-line no-unreachable
      })();
    }
    return (async function* () {
      yield { id: 'c', object: 'text_completion', choices: [] };
      throw new Error('model crashed');
    })();
  },
  exchangeToken: () => ({
    access_token: 'a',
    token_type: 'Bearer',
    expires_in: 60,
    issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
  }),
  createImageEdit: () => ({ created: 1, data: [] }),
};

beforeAll(async () => {
  const app = server.createServer(handlers, {
    authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined),
    rateLimit: (ctx) =>
      ctx.headers['x-limit'] ? { allowed: false, retryAfterSeconds: retryAfter } : { allowed: true },
    onError: (error) => errors.push(error),
  });
  node = await listen(app.node);
  viaFetch = await listen(fetchBridge(app.fetch));
});
afterAll(async () => {
  await node.close();
  await viaFetch.close();
});

const both = () =>
  [
    ['node', node],
    ['fetch', viaFetch],
  ] as const;

async function post(base: Running, path: string, body: unknown, headers: Record<string, string> = auth) {
  return fetch(`${base.url}/v1${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
  });
}

describe('body limits from the spec (item 1)', () => {
  it('gives JSON-only operations a small limit and unauthenticated ones a smaller ceiling', async () => {
    for (const [, base] of both()) {
      const big = await post(base, '/embeddings', { ...EMBED, input: 'x'.repeat(1024 * 1024 + 10) });
      expect(big.status).toBe(413);
      expect((await big.json()).error.message).toBe('Request body is too large (at most 1048576 bytes).');
      const open = await post(
        base,
        '/oauth/token',
        { ...TOKEN_BODY, subject_token: 't'.repeat(70 * 1024) },
        { 'content-type': 'application/json' },
      );
      expect(open.status).toBe(413);
      expect(
        (await post(base, '/oauth/token', TOKEN_BODY, { 'content-type': 'application/json' })).status,
      ).toBe(200);
    }
  });
  it('stops a deeply nested JSON body while it arrives, before the rest is sent', async () => {
    // 300 brackets, then the connection stays open: the answer comes without the body ever ending.
    const head =
      'POST /v1/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const answer = await raw(node.port, [head, `12c\r\n${'['.repeat(300)}\r\n`]);
    expect(statusOf(answer)).toBe(400);
    expect(answer).toContain('"code":"too_deep"');
    for (const [, base] of both()) {
      const deep = await post(base, '/oauth/token', '['.repeat(30_000) + ']'.repeat(30_000), {
        'content-type': 'application/json',
      });
      expect(deep.status).toBe(400);
      expect((await deep.json()).error.code).toBe('too_deep');
    }
  });
  it('counts the arrays and objects of a JSON body while reading (parsing costs per value)', async () => {
    for (const [, base] of both()) {
      const many = await post(
        base,
        '/embeddings',
        `{"model":"m","input":[${Array(10_001).fill('[1]').join(',')}]}`,
      );
      expect(many.status).toBe(400);
      expect((await many.json()).error).toMatchObject({
        code: 'too_complex',
        message: 'The request body has too many arrays and objects (at most 10000).',
      });
      expect((await post(base, '/embeddings', { model: 'm', input: Array(2000).fill([1, 2]) })).status).toBe(
        200,
      );
    }
  });
  it('answers bodies over 64 KiB (parsed and validated in turns of their own) like small ones', async () => {
    const input = Array.from({ length: 2000 }, (_, i) => `word ${i} `.repeat(8)); // about 150 KiB, within the 2048 items allowed
    for (const [, base] of both()) {
      const ok = await post(base, '/embeddings', { model: 'm', input });
      expect(ok.status).toBe(200);
      expect((await ok.json()).model).toBe('m');
      const bad = await post(base, '/embeddings', { model: 'm', input: [...input, 7] });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.param).toMatch(/^\/body\/input/);
      const notJson = await post(base, '/embeddings', `{"model":"m","input":"${'x'.repeat(100_000)}"`);
      expect((await notJson.json()).error.code).toBe('invalid_json');
    }
  });
  it('counts multipart parts and form fields before parsing', async () => {
    const form = new FormData();
    form.set('prompt', 'p');
    form.set('image', new File([bytes(1)], 'a.png', { type: 'image/png' }));
    for (let i = 0; i < 300; i++)
      form.append('image[]', new File([bytes(1)], `${i}.png`, { type: 'image/png' }));
    for (const [, base] of both()) {
      const r = await post(base, '/images/edits', form, { authorization: `Bearer ${TOKEN}` });
      expect(r.status).toBe(400);
      expect((await r.json()).error.code).toBe('too_many_parts');
    }
  });
});

describe('streams (items 2-4)', () => {
  it('ends a binary stream whose producer fails midway as an error and reports it', async () => {
    for (const [, base] of both()) {
      errors.length = 0;
      const res = await post(base, '/audio/speech', { ...SPEECH, input: 'fail-midway' });
      expect(res.status).toBe(200);
      await expect(res.arrayBuffer()).rejects.toThrow('terminated');
      expect(errors.map((e) => (e as Error).message)).toEqual(['encoder crashed']);
    }
  });
  it('ends an SSE stream whose producer fails midway as an error (no clean end without [DONE])', async () => {
    for (const [, base] of both()) {
      errors.length = 0;
      const res = await post(base, '/completions', { model: 'm', prompt: 'midway', stream: true });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await expect(res.text()).rejects.toThrow('terminated');
      expect(errors.map((e) => (e as Error).message)).toEqual(['model crashed']);
    }
  });
  it('answers a throw before the first event with an error response, not an empty 200 stream', async () => {
    for (const [, base] of both()) {
      errors.length = 0;
      const res = await post(base, '/completions', { model: 'm', prompt: 'early', stream: true });
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe('internal_error');
      expect(errors.map((e) => (e as Error).message)).toEqual(['upstream unavailable']);
    }
  });
  it('refuses an iterable for a request that did not ask to stream', async () => {
    for (const [, base] of both()) {
      errors.length = 0;
      const res = await post(base, '/completions', { model: 'm', prompt: 'iterable-without-stream' });
      expect(res.status).toBe(500);
      expect((errors[0] as Error).message).toBe(
        'createCompletion: the handler returned a stream for a request that did not ask to stream.',
      );
    }
  });
  it('sends speech as audio bytes unless the request asks for SSE, whatever the JavaScript type of the value', async () => {
    for (const [, base] of both()) {
      for (const input of ['stream', 'iterable']) {
        const res = await post(base, '/audio/speech', { ...SPEECH, input });
        expect(res.headers.get('content-type')).not.toMatch(/event-stream/);
        expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([73, 68, 51]);
      }
      const sse = await post(base, '/audio/speech', {
        ...SPEECH,
        model: 'gpt-4o-mini-tts',
        stream_format: 'sse',
      });
      expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await sse.text()).toBe('data: {"type":"speech.audio.delta","audio":"AAA="}\n\n');
    }
  });
});

describe('smaller items (item 8)', () => {
  it('never sends Retry-After: NaN or Infinity', async () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, -Infinity]) {
      retryAfter = value;
      const r = await post(node, '/embeddings', EMBED, { ...auth, 'x-limit': '1' });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBeNull();
    }
    retryAfter = 2.2;
    expect(
      (await post(node, '/embeddings', EMBED, { ...auth, 'x-limit': '1' })).headers.get('retry-after'),
    ).toBe('3');
  });
  it('accepts a compound filter 32 levels deep (each level counts once) and refuses one past 64', () => {
    const nest = (levels: number) => {
      let f: unknown = { type: 'eq', key: 'k', value: 'v' };
      for (let i = 0; i < levels; i++) f = { type: 'and', filters: [f] };
      return f;
    };
    const check = (levels: number) =>
      validateRequest('searchVectorStore', {
        path: { vector_store_id: 'vs' },
        query: {},
        headers: {},
        body: { query: 'q', filters: nest(levels) },
        mediaType: 'application/json',
      });
    expect(check(32).ok).toBe(true);
    expect(check(64).ok).toBe(true);
    const deep = check(70);
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.errors[0]!.code).toBe('too_deep');
  });
  it('treats a handler returning nothing where the spec describes a JSON body as a handler error', async () => {
    for (const [, base] of both()) {
      errors.length = 0;
      const r = await post(base, '/embeddings', { ...EMBED, input: 'nothing' });
      expect(r.status).toBe(500);
      expect((errors[0] as Error).message).toBe(
        'createEmbedding: the handler returned nothing, but the spec describes a json response body.',
      );
    }
  });
  it('explains an unknown operationId given to validateRequest', () => {
    expect(() =>
      validateRequest('nope' as 'createEmbedding', { path: {}, query: {}, headers: {}, body: {} }),
    ).toThrow(
      new RangeError(
        'validateRequest: unknown operationId "nope"; it must be an operationId of the API (see requestValidators).',
      ),
    );
    expect(() =>
      validateRequest('toString' as 'createEmbedding', { path: {}, query: {}, headers: {}, body: {} }),
    ).toThrow(RangeError);
  });
  it('explains an unknown operationId given to validateResponse and an unknown name given to validateSchema', () => {
    expect(() => validateResponse('nope' as 'createEmbedding', 200, {})).toThrow(
      new RangeError(
        'validateResponse: unknown operationId "nope"; it must be an operationId of the API (see requestValidators).',
      ),
    );
    expect(() => validateSchema('toString' as 'EmbeddingCreateRequest', {})).toThrow(
      new RangeError(
        'validateSchema: unknown schema "toString"; it must be a component schema name of the API (see schemaValidators).',
      ),
    );
    for (const inherited of ['__proto__', 'constructor', 'hasOwnProperty']) {
      expect(() => validateRequest(inherited as 'createEmbedding', { body: {} })).toThrow(RangeError);
      expect(() => validateResponse(inherited as 'createEmbedding', 200, {})).toThrow(RangeError);
      expect(() => validateSchema(inherited as 'EmbeddingCreateRequest', {})).toThrow(RangeError);
    }
    expect(validateSchema('EmbeddingCreateRequest', { model: 'm', input: 'x' })).toEqual({
      ok: true,
      value: { model: 'm', input: 'x' },
    });
  });
});
