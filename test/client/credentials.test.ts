/**
 * The client sends its credential where the spec's securitySchemes say: `Authorization: Bearer` (default), HTTP
 * basic, or an API key in a header, the query or a cookie; the generated server reads it from the same place.
 * Real HTTP on 127.0.0.1, client and server generated from one spec.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';
import { listen } from '../server/helpers.ts';

const out = path.resolve('.tmp/credentials-client');
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const op = (operationId: string, scheme: string) => ({
  get: { operationId, security: [{ [scheme]: [] }], responses: ok },
});
const spec = {
  openapi: '3.1.0',
  info: { title: 'Credentials', version: '1' },
  servers: [{ url: 'https://example.test' }],
  paths: {
    '/bearer': op('bearerCall', 'token'),
    '/basic': op('basicCall', 'basic'),
    '/header': op('headerCall', 'keyHeader'),
    '/query': op('queryCall', 'keyQuery'),
    '/cookie': op('cookieCall', 'keyCookie'),
    // `security: [{}]` under a document-wide requirement: no credential (Cloudflare's `/ips`).
    '/open': { get: { operationId: 'openCall', security: [{}], responses: ok } },
  },
  security: [{ token: [] }],
  components: {
    securitySchemes: {
      token: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
      keyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      keyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
      keyCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
    },
  },
};

let client: any;
let server: http.Server;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'openapi.yaml'), JSON.stringify(spec));
  const { files } = await runPipeline({
    spec: path.join(out, 'openapi.yaml'),
    mode: 'tolerant',
    format: false,
  });
  for (const f of files) {
    mkdirSync(path.dirname(path.join(out, 'gen', f.path)), { recursive: true });
    writeFileSync(path.join(out, 'gen', f.path), f.contents);
  }
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // No codegen config: the default client name.
  const { CredentialsClient: ApiClient } = await import(path.join(out, 'gen/client/index.ts'));
  client = new ApiClient({
    apiKey: 'user:secret',
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    maxRetries: 0,
  });
});
afterAll(() => {
  server.close();
  rmSync(out, { recursive: true, force: true });
});

describe('credentials from securitySchemes', () => {
  it('bearer, basic, and API keys in a header, the query and a cookie', async () => {
    await client.bearer.retrieve();
    await client.basic.retrieve();
    await client.header.retrieve();
    await client.query.retrieve();
    await client.cookie.retrieve();
    const [bearer, basic, header, query, cookie] = seen;
    expect(bearer!.headers.authorization).toBe('Bearer user:secret');
    expect(basic!.headers.authorization).toBe(`Basic ${Buffer.from('user:secret').toString('base64')}`);
    expect(header!.headers['x-api-key']).toBe('user:secret');
    expect(header!.headers.authorization).toBeUndefined();
    expect(query!.url).toBe('/query?api_key=user%3Asecret');
    expect(query!.headers.authorization).toBeUndefined();
    expect(cookie!.headers.cookie).toBe('session=user%3Asecret');
  });

  it('none for an operation whose only requirement is empty (`security: [{}]`)', async () => {
    await client.open.retrieve();
    expect(seen.at(-1)!.url).toBe('/open');
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
    expect(seen.at(-1)!.headers.cookie).toBeUndefined();
  });
});

describe('the generated server reads the credential where the scheme puts it', () => {
  it('hands it to authenticate, and answers 401 naming the place when it is missing', async () => {
    const server: any = await import(path.join(out, 'gen/server/index.ts'));
    const tokens: string[] = [];
    const handlers = Object.fromEntries(
      ['bearerCall', 'basicCall', 'headerCall', 'queryCall', 'cookieCall'].map((id) => [
        id,
        () => ({ ok: id }),
      ]),
    );
    const app = server.createServer(handlers, {
      authenticate: (token: string) => (tokens.push(token), { kind: 'api_key' }),
    });
    const running = await listen(app.node);
    try {
      const { CredentialsClient: ApiClient } = await import(path.join(out, 'gen/client/index.ts'));
      const c = new ApiClient({ apiKey: 'user:secret', baseURL: running.url, maxRetries: 0 });
      expect([
        await c.bearer.retrieve(),
        await c.basic.retrieve(),
        await c.header.retrieve(),
        await c.query.retrieve(),
        await c.cookie.retrieve(),
      ]).toEqual(
        ['bearerCall', 'basicCall', 'headerCall', 'queryCall', 'cookieCall'].map((id) => ({ ok: id })),
      );
      expect(tokens).toEqual(Array(5).fill('user:secret'));
      // Without a credential, and authenticate is not asked.
      const open = await fetch(`${running.url}/open`);
      expect(open.status).toBe(501);
      expect(tokens).toHaveLength(5);
      const missing = await fetch(`${running.url}/header`, {
        headers: { authorization: 'Bearer user:secret' },
      });
      expect(missing.status).toBe(401);
      expect((await missing.json()).error.message).toBe('Missing credentials (X-Api-Key header).');
      const basic = await fetch(`${running.url}/basic`);
      expect(basic.status).toBe(401);
      expect(basic.headers.get('www-authenticate')).toBe('Basic');
    } finally {
      await running.close();
    }
  });
});
