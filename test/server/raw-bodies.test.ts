/**
 * A body that is not JSON or a form is its content itself (OpenAPI 3.1, "Working with binary data"): the generated
 * server accepts bytes under `type: string` (Cloudflare's `application/octet-stream` datasets) and text under
 * `format: binary` (its `application/x-ndjson` vectors), sent by the generated client, over real HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec, importGenerated } from '../helpers/generate-spec.ts';

const out = path.resolve('.tmp/raw-bodies');
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } };
const post = (operationId: string, call: string, mediaType: string, schema: object) => ({
  post: {
    operationId,
    'x-sdk-call': call,
    requestBody: { required: true, content: { [mediaType]: { schema } } },
    responses: ok,
  },
});
const spec = {
  openapi: '3.1.0',
  info: { title: 'Raw bodies', version: '1' },
  paths: {
    '/datasets': post('uploadDataset', 'datasets.upload', 'application/octet-stream', { type: 'string' }),
    '/vectors': post('insertVectors', 'vectors.insert', 'application/x-ndjson', {
      type: 'string',
      format: 'binary',
    }),
    '/notes': post('addNote', 'notes.add', 'text/plain', { type: 'string', maxLength: 5 }),
  },
};

type Client = Record<string, Record<string, (body: unknown) => Promise<unknown>>>;
let client: Client;
let server: http.Server;
let base: string;
const received: { operationId: string; body: unknown }[] = [];

beforeAll(async () => {
  const { api } = await generateSpec(out, spec, { emitters: ['client', 'server'] });
  const { createServer } = await importGenerated<{
    createServer: (h: object, o: object) => { node: http.RequestListener };
  }>(out, 'server/index.ts');
  const handler =
    (operationId: string) =>
    ({ body }: { body: unknown }) => {
      received.push({ operationId, body });
      return { operationId };
    };
  const app = createServer(
    Object.fromEntries(['uploadDataset', 'insertVectors', 'addNote'].map((id) => [id, handler(id)])),
    { authenticate: () => ({ id: 'user' }) },
  );
  server = http.createServer(app.node);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientModule = await importGenerated<Record<string, new (o: object) => Client>>(
    out,
    'client/index.ts',
  );
  client = new clientModule[api.clientName]!({ baseURL: base, apiKey: 'k', maxRetries: 0 });
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('raw request bodies', () => {
  it('bytes under `type: string`, as sent', async () => {
    expect(await client.datasets!.upload!('one\ntwo\n')).toEqual({ operationId: 'uploadDataset' });
    const body = received.at(-1)!.body as Blob;
    expect(body).toBeInstanceOf(Blob);
    expect(await body.text()).toBe('one\ntwo\n');
  });

  it('text under `format: binary`, as sent', async () => {
    const lines = '{"id":"1","values":[0.1]}\n';
    expect(await client.vectors!.insert!(new Blob([lines]))).toEqual({ operationId: 'insertVectors' });
    expect(received.at(-1)!.body).toBe(lines);
  });

  it('a text body is still checked against its string schema', async () => {
    expect(await client.notes!.add!('short')).toEqual({ operationId: 'addNote' });
    const res = await fetch(`${base}/notes`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'text/plain' },
      body: 'far too long',
    });
    expect(res.status).toBe(400);
  });
});
