/**
 * Every declared parameter on the call, serialized as OpenAPI 3.0/3.1 defines it, over real HTTP on 127.0.0.1: the
 * generated client's requests as they reach the wire (header parameters with their types, the declared idempotency
 * header filled when not given; path `label` and `matrix`; query `form` without `explode`, `spaceDelimited`,
 * `pipeDelimited`, objects exploded and not; deepObject arrays by index), then the same calls read back by the generated server to the values
 * sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';

const out = path.resolve('.tmp/parameters-wire');
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } };
const strings = { type: 'array', items: { type: 'string' } };
const rgb = { type: 'object', properties: { R: { type: 'integer' }, G: { type: 'integer' } } };
const spec = {
  openapi: '3.1.0',
  info: { title: 'Wire', version: '1' },
  servers: [{ url: 'https://example.test' }],
  paths: {
    '/tickets': {
      post: {
        operationId: 'createTicket',
        parameters: [
          { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'integer' } },
          { name: 'X-Tags', in: 'header', schema: strings },
          { name: 'X-Color', in: 'header', explode: true, schema: rgb },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
            },
          },
        },
        responses: ok,
      },
    },
    '/tickets/{id}': {
      delete: {
        operationId: 'deleteTicket',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
        ],
        responses: ok,
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [
          { name: 'id', in: 'path', required: true, style: 'label', schema: { type: 'string' } },
          { name: 'tags', in: 'query', explode: false, schema: strings },
          { name: 'spaced', in: 'query', style: 'spaceDelimited', explode: false, schema: strings },
          { name: 'piped', in: 'query', style: 'pipeDelimited', explode: false, schema: strings },
          { name: 'repeated', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'color', in: 'query', schema: rgb },
          { name: 'box', in: 'query', explode: false, schema: rgb },
        ],
        responses: ok,
      },
    },
    // PagerDuty declares a required `Content-Type` header on every operation, GETs included: OpenAPI says it is
    // ignored, so no call takes it and the server does not ask for it.
    '/pings': {
      get: {
        operationId: 'ping',
        parameters: [
          {
            name: 'Content-Type',
            in: 'header',
            required: true,
            schema: { type: 'string', enum: ['application/json'] },
          },
          { name: 'Accept', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: ok,
      },
    },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              properties: {
                lines: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { amount: { type: 'integer' }, tax_rates: strings },
                  },
                },
              },
            },
          },
          {
            name: 'at',
            in: 'query',
            schema: { anyOf: [{ type: 'integer' }, { type: 'string', enum: [''] }] },
          },
          {
            name: 'mdfilters',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'object',
                properties: { scope: { type: 'string' }, filters: { type: 'object' } },
              },
            },
          },
        ],
        responses: ok,
      },
    },
    '/uploads': {
      servers: [{ url: 'https://upload.example.test/api' }],
      post: { operationId: 'createUpload', responses: ok },
    },
    '/assets': {
      post: {
        operationId: 'uploadAsset',
        parameters: [
          { name: 'name', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'Content-Range', in: 'header', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        responses: ok,
      },
    },
    '/labels': {
      put: {
        operationId: 'replaceLabels',
        parameters: [
          { name: 'body', in: 'query', schema: { type: 'string' } },
          { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
        ],
        requestBody: { content: { 'application/json': { schema: strings } } },
        responses: ok,
      },
    },
    '/rows/{sel}': {
      get: {
        operationId: 'getRow',
        parameters: [
          { name: 'sel', in: 'path', required: true, style: 'matrix', schema: { type: 'string' } },
        ],
        responses: ok,
      },
    },
  },
};

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let recorder: http.Server;
let base: string;
type Client = Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
let Client: new (o: object) => Client;
let serverModule: {
  createServer: (h: object, o: object) => { node: http.RequestListener; close: () => Promise<void> };
};

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  const file = path.join(out, 'openapi.json');
  mkdirSync(out, { recursive: true });
  writeFileSync(file, JSON.stringify(spec));
  const { files, api } = await runPipeline({ spec: file, format: false, emitters: ['client', 'server'] });
  for (const f of files) {
    mkdirSync(path.dirname(path.join(out, f.path)), { recursive: true });
    writeFileSync(path.join(out, f.path), f.contents);
  }
  const client = (await import(pathToFileURL(path.join(out, 'client/index.ts')).href)) as Record<
    string,
    unknown
  >;
  Client = client[api.clientName] as typeof Client;
  serverModule = (await import(pathToFileURL(path.join(out, 'server/index.ts')).href)) as typeof serverModule;
  recorder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => recorder.close(r));
});

const clientAt = (baseURL: string) => new Client({ baseURL, apiKey: 'k', maxRetries: 0 });

async function sent(call: (c: Client) => Promise<unknown>): Promise<Seen> {
  const before = seen.length;
  await call(clientAt(base));
  expect(seen.length).toBe(before + 1);
  return seen.at(-1)!;
}

describe('header parameters on the call', () => {
  it('sends each declared header from the params, typed values as text, never in the body', async () => {
    const r = await sent((c) =>
      c.tickets!.create!({
        title: 'Printer',
        'X-Trace': 42,
        'X-Tags': ['a', 'b'],
        'X-Color': { R: 100, G: 200 },
        'Idempotency-Key': 'key-1',
      }),
    );
    expect(r.headers['x-trace']).toBe('42');
    expect(r.headers['x-tags']).toBe('a,b');
    expect(r.headers['x-color']).toBe('R=100,G=200');
    expect(r.headers['idempotency-key']).toBe('key-1');
  });

  it('fills the declared idempotency header with a new key per call when none is given, on any method', async () => {
    const a = await sent((c) => c.tickets!.create!({ title: 'A', 'X-Trace': 1 }));
    const b = await sent((c) => c.tickets!.create!({ title: 'B', 'X-Trace': 1 }));
    expect(a.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['idempotency-key']).not.toBe(a.headers['idempotency-key']);
    const d = await sent((c) => c.tickets!.delete!('t1'));
    expect(d.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The client's README says so, rather than that the API documents no such header.
    const readme = readFileSync(path.join(out, 'client/README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('the operations that declare `Idempotency-Key` get a key in it');
    expect(readme).not.toContain('documents no such header');
  });

  it("lets the request's own headers option override a header parameter", async () => {
    const r = await sent((c) =>
      c.tickets!.create!({ title: 'A', 'X-Trace': 1 }, { headers: { 'x-trace': '7' } }),
    );
    expect(r.headers['x-trace']).toBe('7');
  });
});

describe('a body that is not an object, beside query and header parameters', () => {
  it('goes under `body` in the params, sent as the body while the parameters go to the query and headers', async () => {
    const r = await sent((c) =>
      c.assets!.create!({
        body: new Blob(['raw bytes'], { type: 'application/octet-stream' }),
        name: 'a.bin',
        'Content-Range': 'bytes 0-8/9',
      }),
    );
    expect(r.url).toBe('/assets?name=a.bin');
    expect(r.headers['content-range']).toBe('bytes 0-8/9');
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.body).toBe('raw bytes');
  });

  it('a JSON array likewise; a parameter named `body` moves the body to `requestBody`', async () => {
    const r = await sent((c) => c.labels!.update!({ requestBody: ['a', 'b'], body: 'q', dry_run: true }));
    expect(r.url).toBe('/labels?body=q&dry_run=true');
    expect(JSON.parse(r.body)).toEqual(['a', 'b']);
    const methods = readFileSync(path.join(out, 'client/resources/assets.ts'), 'utf8');
    expect(methods.replace(/\s+/g, ' ')).toContain('body: UploadAssetBody;');
  });
});

describe('servers', () => {
  it("sends an operation with a fixed server of its own to the client's chosen baseURL", async () => {
    const r = await sent((c) => c.uploads!.create!());
    expect(r.url).toBe('/uploads');
  });
});

describe('parameter styles on the wire', () => {
  it('path label and matrix, query form without explode, spaceDelimited, pipeDelimited and objects', async () => {
    const r = await sent((c) =>
      c.items!.retrieve!('a b', {
        tags: ['x', 'y,z'],
        spaced: ['p', 'q'],
        piped: ['r', 's'],
        repeated: [1, 2],
        color: { R: 100, G: 200 },
        box: { R: 1, G: 2 },
      }),
    );
    expect(r.url).toBe(
      '/items/.a%20b?tags=x,y%2Cz&spaced=p%20q&piped=r|s&repeated=1&repeated=2&R=100&G=200&box=R,1,G,2',
    );
    expect((await sent((c) => c.rows!.retrieve!('r1'))).url).toBe('/rows/;sel=r1');
  });

  it('deepObject: arrays by index, so an array of objects and a one-item array come back as sent', async () => {
    const r = await sent((c) =>
      c.search!.retrieve!({ filter: { lines: [{ amount: 5, tax_rates: ['t'] }] }, at: 17 }),
    );
    expect(decodeURIComponent(r.url)).toBe(
      '/search?filter[lines][0][amount]=5&filter[lines][0][tax_rates][0]=t&at=17',
    );
  });

  it('an array of objects outside deepObject: the JSON text of the array, once (as Box’s own SDK sends mdfilters)', async () => {
    const mdfilters = [{ scope: 'enterprise', filters: { region: 'a,b' } }];
    const r = await sent((c) => c.search!.retrieve!({ mdfilters }));
    expect(r.url).toBe(`/search?mdfilters=${encodeURIComponent(JSON.stringify(mdfilters))}`);
  });
});

describe('the generated server reads every style back to the values sent', () => {
  it('echoes path, query and headers as its validators read them', async () => {
    const echo = (input: { params?: unknown; query?: unknown; headers?: unknown }) => ({
      params: input.params,
      query: input.query,
      headers: input.headers,
    });
    const app = serverModule.createServer(
      { createTicket: echo, getItem: echo, getRow: echo, deleteTicket: echo, search: echo, ping: echo },
      { authenticate: () => ({ kind: 'api_key' }) },
    );
    const listener = http.createServer(app.node);
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    try {
      const ours = clientAt(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
      const item = (await ours.items!.retrieve!('a b', {
        tags: ['x', 'y'],
        spaced: ['p', 'q'],
        piped: ['r', 's'],
        repeated: [1, 2],
        color: { R: 100, G: 200 },
        box: { R: 1, G: 2 },
      })) as Record<string, unknown>;
      expect(item.params).toEqual({ id: 'a b' });
      expect(item.query).toEqual({
        tags: ['x', 'y'],
        spaced: ['p', 'q'],
        piped: ['r', 's'],
        repeated: [1, 2],
        color: { R: 100, G: 200 },
        box: { R: 1, G: 2 },
      });
      expect(((await ours.rows!.retrieve!('r1')) as Record<string, unknown>).params).toEqual({ sel: 'r1' });
      // Ignored header parameters: the call takes none, and the server answers without them.
      expect(await ours.pings!.retrieve!()).toEqual({ params: {}, query: {}, headers: {} });
      const search = {
        filter: { lines: [{ amount: 5, tax_rates: ['t'] }] },
        at: 17,
        mdfilters: [{ scope: 'enterprise', filters: { region: 'a,b' } }, { scope: 'global' }],
      };
      expect(((await ours.search!.retrieve!(search)) as Record<string, unknown>).query).toEqual(search);
      expect(((await ours.search!.retrieve!({ at: '' })) as Record<string, unknown>).query).toEqual({
        at: '',
      });
      const ticket = (await ours.tickets!.create!({
        title: 'T',
        'X-Trace': 42,
        'X-Tags': ['a', 'b'],
        'X-Color': { R: 1, G: 2 },
        'Idempotency-Key': 'k1',
      })) as { headers: Record<string, unknown> };
      expect(ticket.headers).toEqual({
        'X-Trace': 42,
        'X-Tags': ['a', 'b'],
        'X-Color': { R: 1, G: 2 },
        'Idempotency-Key': 'k1',
      });
    } finally {
      await new Promise((r) => listener.close(r));
      await app.close();
    }
  });
});
