/**
 * The new user's last step: their generated client calling their generated server, mounted in an Express app
 * under /v1 beside the app's other routes (one before the mount, one after it). Expected: a request no route of
 * the API matches goes on to the next Express route (`next()`), and the mount path is honoured from
 * `req.baseUrl` without any option. The server side of this is fixed with the server defaults (issue 18, item 7).
 */
import express from 'express';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { repo } from './consumer-kit.ts';

const KEY = 'key-of-the-new-user';
let dir = '';
let listener: Server;
let rootListener: Server;
let base = '';
let rootBase = '';
// The generated modules are loaded at run time from a temporary folder: typed loosely here.
type Loose = Record<string, any>;
let client: Loose;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-express-'));
  const { files } = await runPipeline({
    spec: path.join(repo, 'test/fixtures/new-user/openapi.yaml'),
    emitters: ['client', 'server'],
    config: { clientName: 'ProjectsClient' },
    mode: 'tolerant',
  });
  writeTree(path.join(dir, 'gen'), files);
  const server = (await import(pathToFileURL(path.join(dir, 'gen/server/index.ts')).href)) as Loose;
  const { ProjectsClient } = (await import(
    pathToFileURL(path.join(dir, 'gen/client/index.ts')).href
  )) as Loose;
  const api = server.createServer(
    {
      getProject: (input: Loose) => ({
        id: String(Object.values(input.params as object)[0]),
        name: 'Apollo',
        created_at: 1,
      }),
      listProjects: () => ({
        data: [{ id: 'p1', name: 'Apollo', created_at: 1 }],
        has_more: false,
        next_cursor: null,
      }),
    },
    { authenticate: (token: string) => (token === KEY ? { kind: 'api_key' } : undefined) },
  );
  const app = express();
  app.get('/health', (_req, res) => void res.send('before'));
  app.use('/v1', api.node);
  app.get('/after', (_req, res) => void res.send('after'));
  listener = await new Promise((resolve) => {
    const l = app.listen(0, '127.0.0.1', () => resolve(l));
  });
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // Mounted at the root (the server then routes its own /v1 paths): other routes come after it.
  const root = express();
  root.use(api.node);
  root.get('/after', (_req, res) => void res.send('after'));
  rootListener = await new Promise((resolve) => {
    const l = root.listen(0, '127.0.0.1', () => resolve(l));
  });
  rootBase = `http://127.0.0.1:${(rootListener.address() as AddressInfo).port}`;
  client = new ProjectsClient({ apiKey: KEY, baseURL: `${base}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  for (const l of [listener, rootListener]) await new Promise((r) => (l.closeAllConnections(), l.close(r)));
  rmSync(dir, { recursive: true, force: true });
});

describe('generated client → generated server under /v1 in Express', () => {
  it('the client reaches the mounted server (mount path from req.baseUrl, no option)', async () => {
    const project = (await client.projects.retrieve('p42')) as { id: string; name: string };
    expect(project).toEqual({ id: 'p42', name: 'Apollo', created_at: 1 });
    const page = await client.projects.list();
    expect(page.items).toEqual([{ id: 'p1', name: 'Apollo', created_at: 1 }]);
  });

  it("the app's other routes still answer, before and after the mount", async () => {
    expect(await (await fetch(`${base}/health`)).text()).toBe('before');
    const after = await fetch(`${base}/after`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('after');
  });

  it('mounted at the root, a request no API route matches goes on to the next Express route', async () => {
    const after = await fetch(`${rootBase}/after`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('after');
  });

  it('a wrong X-API-Key is refused with a challenge that is not Bearer', async () => {
    const r = await fetch(`${base}/v1/projects/p1`, { headers: { 'x-api-key': 'wrong' } });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate') ?? '').not.toMatch(/^Bearer/);
  });
});
