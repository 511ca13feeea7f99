/**
 * Path keys with `#…` text (Box's `/files/{file_id}#add_shared_link`), over real HTTP on 127.0.0.1: the client sends
 * the request line without it, as Box's own SDK does; the generated server routes the operations sharing a method
 * and path to the first whose validator accepts the request, the key without `#` last; a request none accepts gets
 * the last one's errors. A member the server cannot tell apart before validation is reported.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratorError } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { generateSpec, importGenerated } from '../helpers/generate-spec.ts';

const out = path.resolve('.tmp/shared-request-line');
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } };
const fileId = { name: 'file_id', in: 'path', required: true, schema: { type: 'string' } };
const fields = (required: boolean) => ({ name: 'fields', in: 'query', required, schema: { type: 'string' } });
const json = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const link = { type: 'object', required: ['access'], properties: { access: { type: 'string' } } };
const op = (operationId: string, call: string, extra: object) => ({
  operationId,
  'x-sdk-call': call,
  responses: ok,
  ...extra,
});
const templateOp = (name: string) =>
  op(`${name}Option`, `templates.${name}Option`, {
    requestBody: json({
      type: 'object',
      required: ['op', 'key'],
      additionalProperties: false,
      properties: { op: { const: name }, key: { type: 'string' } },
    }),
  });

const spec = {
  openapi: '3.1.0',
  info: { title: 'Shared lines', version: '1' },
  servers: [{ url: 'https://example.test' }],
  paths: {
    '/files/{file_id}': {
      put: op('updateFile', 'files.update', {
        parameters: [fileId, fields(false)],
        requestBody: json({
          type: 'object',
          additionalProperties: false,
          properties: { name: { type: 'string' }, shared_link: { anyOf: [link, { type: 'null' }] } },
        }),
      }),
    },
    '/files/{file_id}#add_shared_link': {
      put: op('addSharedLink', 'files.addSharedLink', {
        parameters: [fileId, fields(true)],
        requestBody: json({ type: 'object', required: ['shared_link'], properties: { shared_link: link } }),
      }),
    },
    '/files/{file_id}#remove_shared_link': {
      put: op('removeSharedLink', 'files.removeSharedLink', {
        parameters: [fileId, fields(true)],
        requestBody: json({
          type: 'object',
          required: ['shared_link'],
          properties: { shared_link: { type: 'null' } },
        }),
      }),
    },
    '/templates/schema#add': { put: templateOp('add') },
    '/templates/schema#delete': { put: templateOp('delete') },
  },
};

type Client = Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
let client: Client;
let server: http.Server;
let base: string;
const handled: { operationId: string; query: unknown; body: unknown }[] = [];

beforeAll(async () => {
  const { api } = await generateSpec(out, spec, { emitters: ['client', 'server'] });
  const clientModule = await importGenerated<Record<string, new (o: object) => Client>>(
    out,
    'client/index.ts',
  );
  const serverModule = await importGenerated<{
    createServer: (h: object, o: object) => { node: http.RequestListener };
  }>(out, 'server/index.ts');
  const handler =
    (operationId: string) =>
    ({ query, body }: { query: unknown; body: unknown }) => {
      handled.push({ operationId, query, body });
      return { operationId };
    };
  const ids = ['updateFile', 'addSharedLink', 'removeSharedLink', 'addOption', 'deleteOption'];
  const app = serverModule.createServer(Object.fromEntries(ids.map((id) => [id, handler(id)])), {
    authenticate: () => ({ id: 'user' }),
  });
  server = http.createServer(app.node);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new clientModule[api.clientName]!({ baseURL: base, apiKey: 'k', maxRetries: 0 });
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('a path key with `#` text', () => {
  it('is sent without it, and each request reaches the operation whose request it is', async () => {
    const calls: [string, () => Promise<unknown>][] = [
      [
        'addSharedLink',
        () => client.files!.addSharedLink!('f1', { fields: 'shared_link', shared_link: { access: 'open' } }),
      ],
      [
        'removeSharedLink',
        () => client.files!.removeSharedLink!('f1', { fields: 'shared_link', shared_link: null }),
      ],
      ['updateFile', () => client.files!.update!('f1', { name: 'a.txt' })],
      // The general operation takes a shared link too, but only a request the variants refuse reaches it.
      ['updateFile', () => client.files!.update!('f1', { shared_link: { access: 'open' } })],
      ['addOption', () => client.templates!.addOption!({ op: 'add', key: 'k' })],
      ['deleteOption', () => client.templates!.deleteOption!({ op: 'delete', key: 'k' })],
    ];
    for (const [operationId, call] of calls) {
      expect(await call()).toEqual({ operationId });
      expect(handled.at(-1)!.operationId).toBe(operationId);
    }
  });

  it('puts no `#` or `%23` on the wire', async () => {
    const seen: string[] = [];
    const recorder = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
    const clientModule = await importGenerated<Record<string, new (o: object) => Client>>(
      out,
      'client/index.ts',
    );
    const Client = Object.values(clientModule).find(
      (v) => typeof v === 'function' && 'files' in new v({ apiKey: 'k' }),
    )!;
    const c = new Client({
      baseURL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
      apiKey: 'k',
    });
    await c.files!.addSharedLink!('f 1', { fields: 'shared_link', shared_link: { access: 'open' } });
    await c.templates!.deleteOption!({ op: 'delete', key: 'k' });
    await new Promise((r) => recorder.close(r));
    expect(seen).toEqual(['PUT /files/f%201?fields=shared_link', 'PUT /templates/schema']);
  });

  it('answers a request no operation accepts with the errors of the last one tried', async () => {
    const res = await fetch(`${base}/files/f1`, {
      method: 'PUT',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 5 }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { param: string; message: string } };
    // The plain operation's errors: `name` must be a string (the variants would ask for `fields` first).
    expect(body.error.param).toBe('/body/name');
    const bad = await fetch(`${base}/templates/schema`, {
      method: 'PUT',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ op: 'rename', key: 'k' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('delete');
  });
});

describe('a member the server cannot tell apart before validation', () => {
  const differing = {
    ...spec,
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
    paths: {
      '/files/{file_id}': spec.paths['/files/{file_id}'],
      '/files/{file_id}#add_shared_link': {
        put: { ...spec.paths['/files/{file_id}#add_shared_link'].put, security: [{ key: [] }] },
      },
    },
  };
  const file = path.join(out, 'differing.json');

  it('is an error in strict mode, located at the operation', async () => {
    writeFileSync(file, JSON.stringify(differing));
    const error = await runPipeline({ spec: file, format: false, emitters: ['server'] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).message).toContain(
      'addSharedLink shares the request line PUT /files/{file_id} with updateFile but differs in its security',
    );
    const location = (error as GeneratorError).location;
    expect(location.file).toBe(path.relative(process.cwd(), file));
    expect(location.pointer).toContain('add_shared_link');
    expect(location.line).toBeGreaterThan(0);
  });

  it('a warning in tolerant mode: the server never routes to it', async () => {
    writeFileSync(file, JSON.stringify(differing));
    const { warnings, files } = await runPipeline({
      spec: file,
      format: false,
      mode: 'tolerant',
      emitters: ['server'],
    });
    const warning = warnings.find((w) => w.message.includes('shares the request line'))!;
    expect(warning.fallback).toContain('never to addSharedLink');
    const table = files.find((f) => f.path === 'protocol/operations.ts')!.contents;
    expect(table).toMatch(/routedVia: 'updateFile'/);
    expect(table).not.toMatch(/candidates/);
  });
});
