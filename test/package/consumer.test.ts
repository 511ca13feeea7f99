/**
 * The packages as a user installs them: build, `npm pack`, install each tarball into a fresh project, then
 * ESM import and CommonJS require on Node, consumer tsc (node16 and bundler, strict, exactOptionalPropertyTypes,
 * skipLibCheck false, no dom.iterable), an esbuild browser bundle run where there is no `process`, the browser
 * opt-in, real calls against a local 127.0.0.1 server, and publint and attw on the packed files.
 */
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, buildAndPack, project, repo, run, type Packed } from './consumer-kit.ts';

let packed: Packed;
let app: string;
let baseURL: string;
let server: http.Server;
const requests: { url: string; auth: string | undefined; org: string | undefined; body: string }[] = [];

const EMBEDDING = {
  object: 'list',
  data: [{ object: 'embedding', index: 0, embedding: [0.5, -0.25] }],
  model: 'text-embedding-3-small',
  usage: { prompt_tokens: 2, total_tokens: 2 },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        auth: req.headers.authorization,
        org: req.headers['service-organization'] as string | undefined,
        body,
      });
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' })
        .end(JSON.stringify(EMBEDDING));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  packed = await buildAndPack();
  app = await project(packed.root, 'app', [packed.client.tarball, packed.server.tarball]);
});

afterAll(() => {
  server.close();
  rmSync(packed.root, { recursive: true, force: true });
});

const call = (specifier: string, style: 'esm' | 'cjs') => {
  const load =
    style === 'esm'
      ? `const { PlatformClient } = await import('${specifier}');`
      : `const { PlatformClient } = require('${specifier}');`;
  const body = `${load}
const client = new PlatformClient({ apiKey: 'sk-test', baseURL: process.env.BASE_URL, organization: 'org_1', maxRetries: 0 });
const r = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hi' });
console.log(JSON.stringify(r.data[0].embedding));`;
  return style === 'esm'
    ? body
    : `(async () => { ${body} })().catch((e) => { console.error(e); process.exit(1); });`;
};

describe('installed packages', () => {
  it('ESM import and CommonJS require both make a real call on Node', async () => {
    writeFileSync(path.join(app, 'esm.mjs'), call('@platform-api/client', 'esm'));
    writeFileSync(path.join(app, 'cjs.cjs'), call('@platform-api/client', 'cjs'));
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      const r = await run(process.execPath, [file], app, { ...process.env, BASE_URL: baseURL });
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('[0.5,-0.25]');
    }
    const sent = requests.filter((q) => q.url === '/v1/embeddings');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((q) => q.auth === 'Bearer sk-test' && q.org === 'org_1')).toBe(true);
  });

  it('the server package answers a request through its fetch handler, ESM and CJS', async () => {
    const script = (load: string) => `${load}
const server = createServer({ createEmbedding: async () => ({ status: 200, body: ${JSON.stringify(EMBEDDING)} }) }, { authenticate: (token) => (token === 'sk-x' ? { kind: 'api_key' } : undefined) });
const res = await server.fetch(new Request('http://127.0.0.1/v1/embeddings', { method: 'POST', headers: { authorization: 'Bearer sk-x', 'content-type': 'application/json' }, body: JSON.stringify({ model: 'text-embedding-3-small', input: 'hi' }) }));
const bad = await validateRequest('createEmbedding', { path: {}, query: {}, headers: {}, body: { input: 1 } });
console.log(res.status, res.headers.get('service-version'), bad.ok);`;
    writeFileSync(
      path.join(app, 'server.mjs'),
      script(
        `import { createServer } from '@platform-api/server';\nimport { validateRequest } from '@platform-api/server/validators';`,
      ),
    );
    writeFileSync(
      path.join(app, 'server.cjs'),
      `(async () => { ${script(`const { createServer } = require('@platform-api/server');\nconst { validateRequest } = require('@platform-api/server/validators');`)} })().catch((e) => { console.error(e); process.exit(1); });`,
    );
    for (const file of ['server.mjs', 'server.cjs']) {
      const r = await run(process.execPath, [file], app);
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('200 2020-10-01 false');
    }
  });

  it('type-checks for a consumer with node16 and bundler resolution, strict, exactOptionalPropertyTypes, skipLibCheck false', async () => {
    writeFileSync(
      path.join(app, 'use.ts'),
      `import { PlatformClient, APIError, type ClientOptions } from '@platform-api/client';
import { createServer, type Handlers } from '@platform-api/server';
import { validateRequest } from '@platform-api/server/validators';
const options: ClientOptions = { apiKey: 'sk', maxRetries: 1 };
const client = new PlatformClient(options);
export async function embed(): Promise<number[] | undefined> {
  try {
    const r = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hi' });
    return r.data[0]?.embedding as number[] | undefined;
  } catch (e) {
    if (e instanceof APIError) return undefined;
    throw e;
  }
}
const handlers: Handlers = {};
export const server = createServer(handlers);
export const checked = validateRequest('createEmbedding', { path: {}, query: {}, headers: {}, body: {} });
`,
    );
    const common = {
      target: 'ES2022',
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      noEmit: true,
      lib: ['ES2022', 'DOM'],
      types: ['node'],
      typeRoots: [path.join(repo, 'node_modules/@types')],
    };
    const configs = {
      'tsconfig.node16.json': {
        compilerOptions: { ...common, module: 'node16', moduleResolution: 'node16' },
        files: ['use.ts'],
      },
      'tsconfig.bundler.json': {
        compilerOptions: { ...common, module: 'esnext', moduleResolution: 'bundler' },
        files: ['use.ts'],
      },
    };
    for (const [file, config] of Object.entries(configs))
      writeFileSync(path.join(app, file), JSON.stringify(config));
    const results = await Promise.all(
      Object.keys(configs).map((file) =>
        run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', file], app),
      ),
    );
    for (const r of results) expect(r.stdout + r.stderr).toBe('');
  });

  it('bundles for the browser with esbuild and runs where there is no process; a page needs the opt-in', async () => {
    writeFileSync(
      path.join(app, 'browser.mjs'),
      `import { PlatformClient } from '@platform-api/client';
export async function main(baseURL, allow) {
  const client = new PlatformClient({ apiKey: 'sk-browser', baseURL, maxRetries: 0, ...(allow ? { dangerouslyAllowBrowser: true } : {}) });
  const r = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hi' });
  return r.data[0].embedding;
}`,
    );
    const out = await build({
      entryPoints: [path.join(app, 'browser.mjs')],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'app',
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]!.text;
    expect(code).not.toMatch(/require\(["']node:/);
    const globals = {
      fetch,
      Headers,
      Request,
      Response,
      URL,
      URLSearchParams,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      FormData,
      Blob,
      setTimeout,
      clearTimeout,
      console,
      structuredClone,
    };
    const worker = vm.createContext({ ...globals });
    vm.runInContext(code, worker);
    expect(vm.runInContext('typeof process', worker)).toBe('undefined');
    expect(await vm.runInContext(`app.main(${JSON.stringify(baseURL)}, false)`, worker)).toEqual([
      0.5, -0.25,
    ]);
    const page = vm.createContext({ ...globals, document: {}, navigator: { userAgent: 'test' } });
    vm.runInContext(code, page);
    await expect(vm.runInContext(`app.main(${JSON.stringify(baseURL)}, false)`, page)).rejects.toThrow(
      /refuses to run in a browser.*dangerouslyAllowBrowser/,
    );
    expect(await vm.runInContext(`app.main(${JSON.stringify(baseURL)}, true)`, page)).toEqual([0.5, -0.25]);
  });

  it('publint and attw find no problem in either package', async () => {
    const results = await Promise.all([
      run(bin('publint'), ['--strict', packed.client.dir], packed.root),
      run(bin('publint'), ['--strict', packed.server.dir], packed.root),
      run(bin('attw'), [packed.client.tarball, '--format', 'ascii'], packed.root),
      // Subpath exports cannot resolve under node10 (which predates `exports`); every current resolution is checked.
      run(bin('attw'), [packed.server.tarball, '--profile', 'node16', '--format', 'ascii'], packed.root),
    ]);
    for (const r of results) expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(results[0].stdout).toMatch(/All good/);
    expect(results[2].stdout).toMatch(/No problems found/);
  });
});
