/**
 * Redirects over real HTTP with two servers on different ports of 127.0.0.1 (two origins): a redirect to another
 * origin is refused with `APIRedirectError` before anything reaches it, so no credential of any kind, no
 * organization or project header, no default header and no body leaves the origin of the request. Redirects
 * within the origin are followed as fetch follows them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { APIRedirectError } from '../../templates/client/core/errors.ts';
import type { OperationSpec } from '../../templates/client/internal/operation.ts';
import { CoreClient } from './helpers/core-client.ts';
import { APIRedirectError as GeneratedRedirectError, PlatformClient } from './helpers/generated.ts';
import { json, startServer, type TestServer } from './helpers/server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}

/** The other origin: answers everything, and records what reached it. */
const otherOrigin = () => server((_req, res) => json(res, 200, { ok: true }));

/** Redirects every request to `target` (a path on `other`) with `status`. */
const redirecting = (status: number, other: TestServer) =>
  server((req, res) => {
    res.writeHead(status, { location: `${other.url}/landing${req.path}` });
    res.end();
  });

const credentials: Record<string, OperationSpec['credential'] | undefined> = {
  bearer: undefined,
  basic: { kind: 'basic' },
  'apiKey in a header': { kind: 'apiKey', in: 'header', name: 'X-Api-Key' },
  'apiKey in the query': { kind: 'apiKey', in: 'query', name: 'api_key' },
  'apiKey in a cookie': { kind: 'apiKey', in: 'cookie', name: 'session' },
};

function operation(
  method: 'GET' | 'POST',
  credential: OperationSpec['credential'] | undefined,
): OperationSpec {
  return {
    id: `${method.toLowerCase()}Thing`,
    method,
    path: '/things',
    ...(method === 'POST' ? { params: 'body' as const, body: 'json' as const } : {}),
    ...(credential ? { credential } : {}),
    responses: [{ kind: 'json' }],
  };
}

describe('a redirect to another origin', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    for (const method of ['GET', 'POST'] as const) {
      it(`${status} after ${method}: refused for every credential kind, nothing reaches the other origin`, async () => {
        const other = await otherOrigin();
        const origin = await redirecting(status, other);
        for (const [kind, credential] of Object.entries(credentials)) {
          const client = new CoreClient({
            apiKey: 'secret-key',
            baseURL: origin.url,
            defaultHeaders: { 'X-Tenant-Token': 'tenant-secret' },
            maxRetries: 2,
          });
          const op = operation(method, credential);
          const error = await client
            .call(op, method === 'POST' ? { params: { secret: 'body' } } : {})
            .catch((e: unknown) => e);
          expect(error, kind).toBeInstanceOf(APIRedirectError);
          expect((error as Error).message).toContain(`to another origin (${other.url})`);
        }
        expect(other.requests).toEqual([]);
        // One attempt per credential kind: a refused redirect is not retried.
        expect(origin.requests).toHaveLength(Object.keys(credentials).length);
      });
    }
  }

  it('the generated client: organization, project and default headers and the body stay on the origin', async () => {
    const other = await otherOrigin();
    for (const status of [302, 307, 308]) {
      const origin = await redirecting(status, other);
      const client = new PlatformClient({
        apiKey: 'secret-key',
        baseURL: origin.url,
        organization: 'org_secret',
        project: 'proj_secret',
        defaultHeaders: { 'X-Tenant-Token': 'tenant-secret' },
      });
      await expect(client.models.list()).rejects.toBeInstanceOf(GeneratedRedirectError);
      await expect(
        client.batches.create({
          input_file_id: 'file_1',
          endpoint: '/v1/chat/completions',
          completion_window: '24h',
        }),
      ).rejects.toBeInstanceOf(GeneratedRedirectError);
      expect(origin.requests.map((r) => r.headers['service-organization'])).toEqual([
        'org_secret',
        'org_secret',
      ]);
    }
    expect(other.requests).toEqual([]);
  });

  it('an https to http downgrade of the same host is another origin too (scheme differs)', async () => {
    const other = await otherOrigin();
    const origin = await server((_req, res) => {
      res.writeHead(302, { location: other.url.replace('http://127.0.0.1', 'http://localhost') + '/x' });
      res.end();
    });
    const client = new CoreClient({ apiKey: 'secret-key', baseURL: origin.url, maxRetries: 0 });
    await expect(client.call(operation('GET', undefined), {})).rejects.toThrow(
      /another origin \(http:\/\/localhost:/,
    );
    expect(other.requests).toEqual([]);
  });
});

describe('a redirect within the origin', () => {
  /** `/things` redirects to `/moved` with `status`; `/moved` answers with what it received. */
  const sameOrigin = (status: number) =>
    server((req, res) => {
      if (req.path === '/things') {
        res.writeHead(status, { location: '/moved' });
        res.end();
      } else
        json(res, 200, {
          method: req.method,
          body: req.text,
          key: req.headers['x-api-key'] ?? null,
          type: req.headers['content-type'] ?? null,
        });
    });

  it('307 and 308 keep the method, the body and the credential', async () => {
    for (const status of [307, 308]) {
      const origin = await sameOrigin(status);
      const client = new CoreClient({ apiKey: 'secret-key', baseURL: origin.url });
      const result = await client.call(operation('POST', credentials['apiKey in a header']), {
        params: { a: 1 },
      });
      expect(result).toEqual({
        method: 'POST',
        body: '{"a":1}',
        key: 'secret-key',
        type: 'application/json',
      });
    }
  });

  it('303, and 301/302 after a POST, become a GET without body, as in fetch', async () => {
    for (const status of [301, 302, 303]) {
      const origin = await sameOrigin(status);
      const client = new CoreClient({ apiKey: 'secret-key', baseURL: origin.url });
      const result = await client.call(operation('POST', credentials['apiKey in a header']), {
        params: { a: 1 },
      });
      expect(result).toEqual({ method: 'GET', body: '', key: 'secret-key', type: null });
    }
  });

  it('a Location that is not a URL is an APIRedirectError; a 3xx without Location is the answer', async () => {
    const origin = await server((req, res) => {
      res.writeHead(
        req.path === '/things' ? 302 : 304,
        req.path === '/things' ? { location: 'http://[::1' } : {},
      );
      res.end();
    });
    const client = new CoreClient({ apiKey: 'secret-key', baseURL: origin.url, maxRetries: 0 });
    await expect(client.call(operation('GET', undefined), {})).rejects.toThrow(
      /redirected to an invalid location: "http:\/\/\[::1"/,
    );
    const other = { ...operation('GET', undefined), path: '/other' };
    await expect(client.call(other, {})).rejects.toMatchObject({ status: 304 });
  });
});
