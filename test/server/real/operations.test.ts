/**
 * Every operation of the real spec (the list comes from the IR, so it cannot drift): a valid request built from
 * the IR, sent over real HTTP on 127.0.0.1 through the generated server's node:http adapter, reaches its handler
 * with typed, coerced input (path decoded, query numbers as numbers, defaults applied, headers, multipart files as
 * Blobs), and the handler's response comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../generated/server/index.ts';
import type { Running } from '../helpers.ts';
import { BYTES, selectedContent, validRequest, validResponse } from './requests.ts';
import { oracle, operations, recordingHandlers, send, start } from './shared.ts';

const seen = new Map<string, any>();
const returned = new Map<string, unknown>();
let srv: Running;

beforeAll(async () => {
  const handlers = recordingHandlers(seen, returned, validResponse);
  // A few statically typed handlers: the generated types give coerced query and typed bodies.
  const typed: Handlers = {
    listContainers: (input) => {
      const limit: number | undefined = input.query.limit;
      seen.set('listContainers', input);
      const out = { object: 'list', data: [], first_id: null, last_id: null, has_more: limit === 0 };
      returned.set('listContainers', out);
      return out as never;
    },
    createEmbedding: (input) => {
      const model: string = input.body.model;
      seen.set('createEmbedding', input);
      const out = { object: 'list' as const, model, data: [], usage: { prompt_tokens: 1, total_tokens: 1 } };
      returned.set('createEmbedding', out);
      return out;
    },
  };
  srv = await start({ ...handlers, ...(typed as Record<string, (input: never) => unknown>) });
});
afterAll(async () => srv.close());

it('covers all 49 operations of the IR', () => {
  expect(operations.length).toBe(49);
  expect(new Set(operations.map((o) => o.operationId)).size).toBe(49);
});

describe('a valid request reaches its handler with typed, coerced input (real spec)', () => {
  for (const op of operations) {
    const contents = op.requestBody?.contents ?? [undefined];
    for (const content of contents) {
      it(`${op.operationId} ${op.method.toUpperCase()} ${op.path}${content ? ` [${content.mediaType}]` : ''}`, async () => {
        const req = validRequest(op, content);
        if (content?.kind === 'json')
          expect(oracle(op, content.mediaType)(req.body), 'ajv accepts the generated body').toBe(true);
        seen.delete(op.operationId);
        const res = await send(srv.url, op, {
          query: req.query,
          headers: req.headers,
          body: req.body,
          content,
        });
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('x-request-id')).toMatch(/^req_/);
        expect(res.headers.get('service-version')).toBe('2020-10-01');
        const input = seen.get(op.operationId);
        expect(input, 'handler reached').toBeDefined();
        if (op.security.length) expect(input.principal).toMatchObject({ kind: 'api_key', id: 'key_1' });
        else expect(input.principal).toBeUndefined();
        expect(input.operationId).toBe(op.operationId);
        expect({ ...input.params }).toEqual(req.path);
        expect({ ...input.query }).toEqual(req.expectedQuery);
        if (req.headers['Service-Project']) expect(input.headers['Service-Project']).toBe('proj_1');
        if (content?.kind === 'json') expect(input.body).toMatchObject(req.body as object);
        if (content?.kind === 'multipart') {
          for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) {
            if (v instanceof Blob) expect(input.body[k]).toBeInstanceOf(Blob);
            else if (Array.isArray(v)) expect(input.body[k]).toHaveLength(v.length);
            else expect(input.body[k]).toEqual(v);
          }
        }
        const kind = selectedContent(op, req.body)?.kind;
        if (kind === 'binary')
          expect([...new Uint8Array(Buffer.from(res.text, 'latin1'))].length).toBeGreaterThan(0);
        else if (kind === 'json') expect(res.json).toEqual(returned.get(op.operationId));
      });
    }
  }
});

describe('coercion and defaults, by hand', () => {
  const byId = (id: string) => operations.find((o) => o.operationId === id)!;
  it('listContainers: ?limit=5 arrives as number 5; order left out is absent, limit default 20 when left out', async () => {
    let r = await send(srv.url, byId('listContainers'), { query: { limit: '5', order: 'asc' } });
    expect(r.status).toBe(200);
    expect(seen.get('listContainers').query).toEqual({ limit: 5, order: 'asc' });
    r = await send(srv.url, byId('listContainers'), {});
    expect(r.status).toBe(200);
    expect(seen.get('listContainers').query.limit).toBe(20);
  });
  it('downloadVideoContent: variant defaults to video; bytes come back unchanged', async () => {
    const op = byId('downloadVideoContent');
    const r = await fetch(`${srv.url}/v1/videos/vid_1/content`, {
      headers: { authorization: 'Bearer sk-real-test' },
    });
    expect(r.status).toBe(200);
    expect([...new Uint8Array(await r.arrayBuffer())]).toEqual([...BYTES]);
    expect(seen.get(op.operationId).query).toEqual({ variant: 'video' });
    expect(seen.get(op.operationId).params).toEqual({ videoId: 'vid_1' });
  });
  it('createEmbedding (typed handler): encoding_format default applied to the body', async () => {
    const r = await send(srv.url, byId('createEmbedding'), {
      body: { model: 'text-embedding-3-small', input: 'hello' },
      content: byId('createEmbedding').requestBody!.contents[0]!,
    });
    expect(r.status).toBe(200);
    expect(seen.get('createEmbedding').body).toMatchObject({
      model: 'text-embedding-3-small',
      input: 'hello',
    });
    expect((r.json as any).model).toBe('text-embedding-3-small');
  });
});

/** Hand-written realistic requests, checked against ajv too. */
const REALISTIC: { id: string; body: unknown; query?: Record<string, unknown> }[] = [
  {
    id: 'createCompletion',
    body: {
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say this is a test',
      max_tokens: 7,
      temperature: 0,
      n: 1,
      best_of: 2,
    },
  },
  {
    id: 'createEmbedding',
    body: {
      model: 'text-embedding-3-small',
      input: ['The food was delicious', 'and the waiter'],
      dimensions: 256,
      encoding_format: 'float',
    },
  },
  { id: 'createModeration', body: { model: 'omni-moderation-latest', input: 'I want to kill them.' } },
  {
    id: 'createImage',
    body: { model: 'gpt-image-2', prompt: 'A cute baby sea otter', size: '2048x1152', n: 1 },
  },
  {
    id: 'createImage',
    body: { model: 'dall-e-3', prompt: 'A cute baby sea otter', size: '1792x1024', n: 1 },
  },
  {
    id: 'createVectorStore',
    body: {
      name: 'Support FAQ',
      file_ids: ['file-abc123'],
      chunking_strategy: {
        type: 'static',
        static: { max_chunk_size_tokens: 800, chunk_overlap_tokens: 400 },
      },
    },
  },
  { id: 'searchVectorStore', body: { query: 'What is the return policy?', max_num_results: 10 } },
  {
    id: 'createBatch',
    body: { input_file_id: 'file-abc123', endpoint: '/v1/embeddings', completion_window: '24h' },
  },
  { id: 'listVectorStores', body: undefined, query: { limit: 100, order: 'desc', after: 'vs_1' } },
];

describe('realistic requests (hand-written) reach their handlers', () => {
  for (const [i, ex] of REALISTIC.entries()) {
    it(`${ex.id} #${i}: ${JSON.stringify(ex.body ?? ex.query).slice(0, 90)}`, async () => {
      const op = operations.find((o) => o.operationId === ex.id)!;
      const content = op.requestBody?.contents[0];
      if (content) expect(oracle(op, content.mediaType)(ex.body), 'ajv accepts the example').toBe(true);
      seen.delete(op.operationId);
      const r = await send(srv.url, op, { body: ex.body, content, query: ex.query });
      expect(r.status, r.text).toBe(200);
      if (ex.body) expect(seen.get(op.operationId).body).toMatchObject(ex.body);
      if (ex.query) expect(seen.get(op.operationId).query).toEqual(ex.query);
    });
  }
});
