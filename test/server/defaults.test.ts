/**
 * Server defaults a user expects (issue 18, item 7), over real loopback HTTP: handler errors are logged without an
 * `onError`; under Express a request no route matches goes to `next()`; a mount path stands for the base path; the
 * 401 challenge follows the security scheme; parameter names follow one documented rule; the package exports the
 * model types.
 */
import express from 'express';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';
import * as server from '../../generated/server/index.ts';
import type { CreateEmbeddingResponse, VectorStore } from '../../generated/server/index.ts';
import { fetchBridge, listen, type Running } from './helpers.ts';

const TOKEN = 'sk-defaults';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const EMBED = JSON.stringify({ model: 'm', input: 'x' });
const RESULT: CreateEmbeddingResponse = {
  object: 'list',
  model: 'm',
  data: [],
  usage: { prompt_tokens: 1, total_tokens: 1 },
};
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  vi.restoreAllMocks();
});

async function serveExpress(setup: (a: express.Express) => void): Promise<string> {
  const a = express();
  setup(a);
  const listener: Server = await new Promise((resolve) => {
    const l = a.listen(0, '127.0.0.1', () => resolve(l));
  });
  closers.push(() => new Promise((r) => (listener.closeAllConnections(), listener.close(r))));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}

describe('handler errors are logged by default', () => {
  it.each(['node', 'fetch'] as const)(
    'console.error gets the error with the operation and request id, unless onError is given (%s)',
    async (adapter) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const failing = {
        createEmbedding: () => Promise.reject(new Error('database down')),
      } as unknown as server.Handlers;
      const app = server.createServer(failing, {
        authenticate: () => ({ kind: 'api_key' }),
        requestId: () => 'req_log',
      });
      const base = await listen(adapter === 'node' ? app.node : fetchBridge(app.fetch));
      closers.push(() => base.close());
      const r = await fetch(`${base.url}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED });
      expect(r.status).toBe(500);
      expect(JSON.stringify(await r.json())).not.toContain('database down');
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]![0]).toBe('[server] createEmbedding req_log: handler error');
      expect((logged.mock.calls[0]![1] as Error).message).toBe('database down');
      logged.mockClear();
      const mine: unknown[] = [];
      const quiet = server.createServer(failing, {
        authenticate: () => ({ kind: 'api_key' }),
        onError: (e) => mine.push(e),
      });
      expect(
        (
          await quiet.fetch(
            new Request('http://localhost/v1/embeddings', { method: 'POST', headers: auth, body: EMBED }),
          )
        ).status,
      ).toBe(500);
      expect(mine).toHaveLength(1);
      expect(logged).not.toHaveBeenCalled();
    },
  );
});

describe('Express and Connect', () => {
  const app = server.createServer(
    { createEmbedding: () => RESULT },
    { authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined) },
  );

  it('passes a request no route matches to next(), so other Express routes answer it', async () => {
    const base = await serveExpress((a) => {
      a.use(app.node);
      a.get('/health', (_req, res) => void res.json({ ok: true }));
    });
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
    // Nobody else answers either: Express's own 404.
    const missing = await fetch(`${base}/v1/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Cannot GET /v1/nothing');
    // The server's own routes still answer, errors included.
    expect(
      (await fetch(`${base}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED })).status,
    ).toBe(200);
    expect((await fetch(`${base}/v1/embeddings`, { method: 'GET', headers: auth })).status).toBe(405);
  });

  it('a body passed on to next() is still there for the next route', async () => {
    const base = await serveExpress((a) => {
      a.use(app.node);
      a.post('/echo', express.text({ type: '*/*' }), (req, res) => void res.send(req.body));
    });
    expect(await (await fetch(`${base}/echo`, { method: 'POST', body: 'kept' })).text()).toBe('kept');
  });

  it("honours the mount path: app.use('/v1', server.node) serves /v1/embeddings", async () => {
    const base = await serveExpress((a) => {
      a.use('/v1', app.node);
      a.get('/v1/extra', (_req, res) => void res.json({ extra: true }));
    });
    const ok = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(RESULT);
    expect(await (await fetch(`${base}/v1/extra`)).json()).toEqual({ extra: true });
    // Under another mount path, the explicit basePath option still applies below it.
    const nested = server.createServer(
      { createEmbedding: () => RESULT },
      { authenticate: () => ({ kind: 'api_key' }), basePath: '/v1' },
    );
    const other = await serveExpress((a) => a.use('/api', nested.node));
    expect(
      (await fetch(`${other}/api/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED })).status,
    ).toBe(200);
  });
});

describe('the 401 challenge follows the security scheme', () => {
  const out = path.resolve('.tmp/server-defaults');
  let mod: any;
  let node: Running;
  let viaFetch: Running;
  const ok = {
    '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
  };
  const spec = {
    openapi: '3.1.0',
    info: { title: 'Keys', version: '1' },
    servers: [{ url: 'https://example.test' }],
    paths: {
      '/key': { get: { operationId: 'keyCall', security: [{ key: [] }], responses: ok } },
      '/token': { get: { operationId: 'tokenCall', security: [{ token: [] }], responses: ok } },
      // Two alternatives, a bearer token or an API key (OpenAI's user and admin keys are two bearer schemes).
      '/either': {
        get: { operationId: 'eitherCall', security: [{ token: [] }, { key: [] }], responses: ok },
      },
    },
    components: {
      securitySchemes: {
        key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        token: { type: 'http', scheme: 'bearer' },
      },
    },
  };
  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'openapi.json'), JSON.stringify(spec));
    const { files } = await runPipeline({
      spec: path.join(out, 'openapi.json'),
      mode: 'tolerant',
      format: false,
    });
    for (const f of files) {
      mkdirSync(path.dirname(path.join(out, 'gen', f.path)), { recursive: true });
      writeFileSync(path.join(out, 'gen', f.path), f.contents);
    }
    mod = await import(path.join(out, 'gen/server/index.ts'));
    const app = mod.createServer(
      { keyCall: () => ({}), tokenCall: () => ({}), eitherCall: () => ({}) },
      { authenticate: (t: string) => (t === 'good' ? { kind: 'api_key' } : undefined) },
    );
    node = await listen(app.node);
    viaFetch = await listen(fetchBridge(app.fetch));
  }, 60_000);
  afterAll(async () => {
    await node.close();
    await viaFetch.close();
    rmSync(out, { recursive: true, force: true });
  });

  it.each(['node', 'fetch'] as const)(
    'ApiKey for an API key in a header, Bearer (with invalid_token once one was refused) for bearer (%s)',
    async (adapter) => {
      const base = adapter === 'node' ? node : viaFetch;
      const challenge = async (p: string, headers: Record<string, string>) => {
        const r = await fetch(`${base.url}${p}`, { headers });
        return [r.status, r.headers.get('www-authenticate')];
      };
      expect(await challenge('/key', {})).toEqual([401, 'ApiKey in="header", name="X-API-Key"']);
      expect(await challenge('/key', { 'x-api-key': 'wrong' })).toEqual([
        401,
        'ApiKey in="header", name="X-API-Key"',
      ]);
      expect(await challenge('/key', { authorization: 'Bearer good' })).toEqual([
        401,
        'ApiKey in="header", name="X-API-Key"',
      ]);
      expect(await challenge('/key', { 'x-api-key': 'good' })).toEqual([200, null]);
      expect(await challenge('/token', {})).toEqual([401, 'Bearer']);
      expect(await challenge('/token', { authorization: 'Bearer wrong' })).toEqual([
        401,
        'Bearer error="invalid_token"',
      ]);
      // Either alternative is enough; neither is a 401.
      expect((await challenge('/either', { authorization: 'Bearer good' }))[0]).toBe(200);
      expect((await challenge('/either', { 'x-api-key': 'good' }))[0]).toBe(200);
      expect((await challenge('/either', { authorization: 'Bearer my key' }))[0]).toBe(401);
      expect((await challenge('/either', {}))[0]).toBe(401);
    },
  );
});

describe('parameter names: one rule', () => {
  it('path parameters arrive under their identifiers, query, headers and body under the names sent', async () => {
    const seen: any[] = [];
    const app = server.createServer(
      { downloadVideoContent: (input) => (seen.push(input), new Uint8Array([1])) },
      { authenticate: () => ({ kind: 'api_key' }) },
    );
    const r = await app.fetch(
      new Request('http://localhost/v1/videos/video_1/content?variant=thumbnail', {
        headers: { ...auth, 'x-client-request-id': 'abc' },
      }),
    );
    expect(r.status).toBe(200);
    // `{video_id}` → `videoId`, like the client's argument and the DownloadVideoContentPathParams type.
    expect(seen[0].params).toEqual({ videoId: 'video_1' });
    expect(seen[0].query).toEqual({ variant: 'thumbnail' });
    expect(seen[0].headers['X-Client-Request-Id']).toBe('abc');
  });
});

describe('the package exports the model types', () => {
  it('import type { VectorStore } from the server package type-checks (npm run typecheck)', () => {
    const store: Pick<VectorStore, 'id' | 'object'> = { id: 'vs_1', object: 'vector_store' };
    expect(store.object).toBe('vector_store');
  });
});
