/**
 * Bodies a framework has already read (item 7): Express with `express.json()` or `express.raw()` in front of the
 * server, a Fastify route that hands over its parsed body, and a middleware that swallows the body (a clear error).
 * `Reply` is branded: the type test at the end is checked by `tsc` (`npm run typecheck`).
 */
import express from 'express';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';

const TOKEN = 'sk-fw';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const body = JSON.stringify({ model: 'text-embedding-3-small', input: 'hi' });
const errors: unknown[] = [];
const app = server.createServer(
  {
    createEmbedding: ({ body: b }) => ({
      object: 'list',
      model: b.model,
      data: [],
      usage: { prompt_tokens: 1, total_tokens: 1 },
    }),
  },
  { authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined), onError: (e) => errors.push(e) },
);
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  errors.length = 0;
});

async function serveExpress(setup: (a: express.Express) => void): Promise<string> {
  const a = express();
  setup(a);
  a.use(app.node);
  const listener: Server = await new Promise((resolve) => {
    const l = a.listen(0, '127.0.0.1', () => resolve(l));
  });
  closers.push(() => new Promise((r) => (listener.closeAllConnections(), listener.close(r))));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}

describe('bodies already read by a framework', () => {
  it('Express: takes the body express.json() parsed, and still validates it', async () => {
    const base = await serveExpress((a) => a.use(express.json()));
    const ok = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers, body });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ model: 'text-embedding-3-small' });
    const invalid = await fetch(`${base}/v1/embeddings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'm', input: 1.5 }),
    });
    expect(invalid.status).toBe(400);
  });
  it('Express: takes raw bytes from express.raw()', async () => {
    const base = await serveExpress((a) => a.use(express.raw({ type: '*/*' })));
    expect((await fetch(`${base}/v1/embeddings`, { method: 'POST', headers, body })).status).toBe(200);
  });
  it('says clearly when a middleware read the body and kept nothing', async () => {
    const base = await serveExpress((a) =>
      a.use((req, _res, next) => {
        req.on('data', () => undefined);
        req.on('end', () => next());
      }),
    );
    const r = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers, body });
    expect(r.status).toBe(500);
    expect(errors[0]).toBeInstanceOf(server.BodyConsumedError);
    expect((errors[0] as Error).message).toMatch(/^The request body was already read by another middleware/);
  });
  it('Fastify: a route that hands over request.body (Fastify parsed the JSON)', async () => {
    const f = Fastify();
    f.all('/v1/*', (request, reply) => {
      reply.hijack();
      app.node(Object.assign(request.raw, { body: request.body }), reply.raw);
    });
    await f.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => f.close());
    const base = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
    const ok = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers, body });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ model: 'text-embedding-3-small' });
  });
});

describe('Reply is branded', () => {
  it('a {status, body, headers} literal is a response body at run time and not a Reply to the type checker', async () => {
    // @ts-expect-error a plain object is not a Reply (private brand)
    const fake: server.Reply = { status: 201, body: {}, headers: {} };
    const real: server.Reply = server.reply(201, {});
    expect(fake).not.toBeInstanceOf(server.Reply);
    expect(real).toBeInstanceOf(server.Reply);
  });
});
