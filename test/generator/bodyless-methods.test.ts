/**
 * Bodies on GET, HEAD and DELETE: one whose schema admits nothing (Stripe's empty form on each GET and DELETE) is no
 * body at all, quietly; any other body on a GET or HEAD (Cloudflare's `GET …/captions/{language}/vtt` requires a JSON
 * body) cannot be sent, and says so: an error in strict mode, a located warning in tolerant mode, where the body is
 * left out and the generated client's call goes through, over real HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GeneratorError } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { generateSpec, importGenerated } from '../helpers/generate-spec.ts';

const out = path.resolve('.tmp/bodyless-methods');
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } };
const empty = {
  content: {
    'application/x-www-form-urlencoded': {
      schema: { type: 'object', properties: {}, additionalProperties: false },
    },
  },
};
const spec = (vtt: object) => ({
  openapi: '3.1.0',
  info: { title: 'Bodyless', version: '1' },
  paths: {
    '/customers': {
      get: {
        operationId: 'listCustomers',
        'x-sdk-call': 'customers.list',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        requestBody: empty,
        responses: ok,
      },
    },
    '/captions/{language}/vtt': {
      get: {
        operationId: 'getVtt',
        'x-sdk-call': 'captions.vtt',
        parameters: [{ name: 'language', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: vtt,
        responses: ok,
      },
    },
  },
});
const required = { required: true, content: { 'application/json': {} } };

const write = (name: string, doc: object) => {
  const file = path.join(out, name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
};

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
});

describe('a body on a method that cannot carry one', () => {
  it('strict: an error located at the requestBody', async () => {
    const file = write('strict.json', spec(required));
    const error = await runPipeline({ spec: file, format: false, emitters: ['types'] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('unsupported');
    expect((error as GeneratorError).message).toBe(
      'a GET request cannot carry a body (HTTP gives it no meaning; fetch refuses one)',
    );
    expect((error as GeneratorError).location.pointer).toBe(
      '#/paths/~1captions~1{language}~1vtt/get/requestBody',
    );
  });

  it('tolerant: a warning, the body left out, and the call goes through without one', async () => {
    const dir = path.join(out, 'tolerant');
    const { api, warnings } = await generateSpec(dir, spec(required), {
      mode: 'tolerant',
      emitters: ['client'],
    });
    expect(warnings.map((w) => [w.code, w.location.pointer])).toEqual([
      ['unsupported', '#/paths/~1captions~1{language}~1vtt/get/requestBody'],
    ]);
    // The empty form on the list is no body either, and no warning.
    expect(api.operations.map((o) => [o.operationId, o.requestBody === undefined])).toEqual([
      ['getVtt', true],
      ['listCustomers', true],
    ]);
    const seen: string[] = [];
    const recorder = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? '-'} ${body.length}`);
        res.setHeader('content-type', 'application/json');
        res.end('{}');
      });
    });
    await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
    try {
      type Client = Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>;
      const module = await importGenerated<Record<string, new (o: object) => Client>>(dir, 'client/index.ts');
      const client = new module[api.clientName]!({
        baseURL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`,
        apiKey: 'k',
        maxRetries: 0,
      });
      await client.captions!.vtt!('en');
      await client.customers!.list!({ limit: 3 });
    } finally {
      await new Promise((r) => recorder.close(r));
    }
    expect(seen).toEqual(['GET /captions/en/vtt - 0', 'GET /customers?limit=3 - 0']);
  });
});
