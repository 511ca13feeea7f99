/**
 * The copy-paste examples of generated/server/README.md, run as written (import path and port aside) in a child
 * process each, then called over real HTTP: a JSON request through each framework's body handling, a multipart one
 * read by the server itself, a request the pipeline refuses, then SIGTERM, which must end the process cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../validators/fixture.ts';

const README = readFileSync(path.join(root, 'generated/server/README.md'), 'utf8');
const PACKAGE = (
  JSON.parse(readFileSync(path.join(root, 'generated/server/package.json'), 'utf8')) as { name: string }
).name;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill();
});

/** The ```ts block under the heading `### <title>`. */
function example(title: string): string {
  const at = README.indexOf(`### ${title}`);
  expect(at).toBeGreaterThan(-1);
  const m = /```ts\n([\s\S]*?)```/.exec(README.slice(at));
  return m![1]!;
}

async function run(name: string, code: string): Promise<{ base: string; child: ChildProcess }> {
  const dir = path.join(root, '.tmp/test/readme');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.ts`);
  const source = code
    .replace(`'${PACKAGE}'`, JSON.stringify(path.join(root, 'generated/server/index.ts')))
    .replace(/\b3000\b/, '0');
  writeFileSync(file, source);
  // tsx's loader inside the child's own process (`--import`), not the tsx CLI: the CLI runs the file in a second process
  // and relays signals with a 30 ms wait for an answer, which a loaded machine misses (it then kills the child: 143).
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/esm/index.mjs')).href, file],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += String(d)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /listening on (\d+)/.exec(out);
      if (m) resolve({ base: `http://127.0.0.1:${m[1]}`, child });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${err}`)));
  });
}

const EXAMPLES = ['node:http', 'Express', 'Fastify', 'Hono (and Bun, Deno, workers)'];

describe('generated/server/README.md examples', () => {
  it('documents handlers, Reply, HttpError, guardState, streaming, binary responses and the hooks', () => {
    for (const heading of [
      '## Handlers',
      '## Reply',
      '## HttpError',
      '## guardState',
      '## Streaming',
      '## Binary responses',
      '## Authentication and rate limits',
      '## Limits',
      '## Timeouts',
      '## Shutdown',
      '## Retries',
    ]) {
      expect(README).toContain(heading);
    }
  });
  it.each(EXAMPLES)('%s: the example serves JSON and multipart requests over real HTTP', async (title) => {
    const { base, child } = await run(title.split(' ')[0]!.replace(/\W/g, ''), example(title));
    const auth = { authorization: 'Bearer sk-test' };
    // The examples answer createBatch (the first operation with a JSON body and a JSON answer) with a sample Batch,
    // through the `reply` typed by its declared responses.
    const batch = { input_file_id: 'file-1', endpoint: '/v1/embeddings', completion_window: '24h' };
    const ok = await fetch(`${base}/v1/batches`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ object: 'batch', status: 'validating' });
    expect(ok.headers.get('x-request-id')).toMatch(/^req_/);
    const invalid = await fetch(`${base}/v1/batches`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...batch, completion_window: '1h' }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { param: string } }).error.param).toBe(
      '/body/completion_window',
    );
    // A valid multipart body reaches the (missing) handler: 501 shows it was read and validated.
    const form = new FormData();
    form.set('image[]', new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' }));
    form.set('prompt', 'p');
    const edit = await fetch(`${base}/v1/images/edits`, { method: 'POST', headers: auth, body: form });
    expect(edit.status).toBe(501);
    expect((await fetch(`${base}/v1/embeddings`, { method: 'POST', body: '{}' })).status).toBe(401);
    // SIGTERM is wired to the graceful shutdown: the process closes its server and exits 0 by itself.
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
