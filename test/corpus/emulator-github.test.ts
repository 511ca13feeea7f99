/**
 * `emulate` on GitHub's whole REST description (the pinned `@octokit/openapi`, ~1,100 operations), run as a user
 * runs it: the command in its own process, in a folder without a codegen config (so the spec's own defaults, in
 * tolerant mode), then create → retrieve → list (by its Link headers) → delete on two of its resources: gists (string
 * ids, a PATCH) and the user's SSH keys (integer ids). In the corpus lane: the first run generates and compiles the
 * emulator of a 12 MB spec (tens of seconds).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GITHUB_SPEC } from '../helpers/public-specs.ts';

const root = path.resolve(import.meta.dirname, '../..');
const spec = GITHUB_SPEC;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function emulate(): Promise<string> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'emulate-github-'));
  const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/esm/index.mjs')).href;
  const child = spawn(
    process.execPath,
    ['--import', loader, path.join(root, 'scripts/tool.ts'), 'emulate', '--spec', spec, '--port', '0'],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += String(d)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /^Emulating .* at (http:\/\/127\.0\.0\.1:\d+\S*)/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) =>
      reject(
        new Error(
          `emulate exited with ${code}:\n${err
            .split('\n')
            .filter((l) => !l.includes('warning['))
            .join('\n')}`,
        ),
      ),
    );
  });
}

const send = (url: string, method = 'GET', body?: unknown) =>
  fetch(url, {
    method,
    headers: { authorization: 'Bearer t', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Every item of a list, following its `Link: <…>; rel="next"` headers. */
async function all(first: string): Promise<{ id: unknown }[]> {
  const items: { id: unknown }[] = [];
  for (let url: string | undefined = first; url;) {
    const res = await send(url);
    expect(res.status).toBe(200);
    items.push(...((await res.json()) as { id: unknown }[]));
    const next = /<([^>]*)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    url = next ? new URL(next, url).href : undefined;
  }
  return items;
}

describe.runIf(existsSync(spec))("emulate on GitHub's whole spec", () => {
  it('gists and SSH keys: create → retrieve → list → delete', async () => {
    const base = await emulate();
    const gists: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send(`${base}/gists`, 'POST', {
        description: `g${i}`,
        public: i % 2 === 0,
        files: { 'a.txt': { content: `hello ${i}` } },
      });
      expect(res.status).toBe(201);
      gists.push(((await res.json()) as { id: string }).id);
    }
    expect(await (await send(`${base}/gists/${gists[2]}`)).json()).toMatchObject({
      id: gists[2],
      description: 'g2',
      public: true,
    });
    expect((await all(`${base}/gists?per_page=2`)).map((g) => g.id)).toEqual(gists);
    expect((await send(`${base}/gists/${gists[0]}`, 'DELETE')).status).toBe(204);
    expect((await send(`${base}/gists/${gists[0]}`)).status).toBe(404);
    expect((await all(`${base}/gists?per_page=1`)).map((g) => g.id)).toEqual(gists.slice(1));

    const keys: number[] = [];
    for (const title of ['laptop', 'desktop']) {
      const res = await send(`${base}/user/keys`, 'POST', { title, key: `ssh-ed25519 AAAA${title}` });
      expect(res.status).toBe(201);
      const key = (await res.json()) as { id: number; title: string };
      expect(key.title).toBe(title);
      keys.push(key.id);
    }
    expect(keys.every(Number.isInteger)).toBe(true);
    expect(await (await send(`${base}/user/keys/${keys[1]}`)).json()).toMatchObject({
      id: keys[1],
      title: 'desktop',
    });
    expect((await all(`${base}/user/keys?per_page=1`)).map((k) => k.id)).toEqual(keys);
    expect((await send(`${base}/user/keys/${keys[0]}`, 'DELETE')).status).toBe(204);
    expect((await all(`${base}/user/keys`)).map((k) => k.id)).toEqual([keys[1]]);
    // The request validators of the spec still apply: a key that is no SSH key is refused.
    expect((await send(`${base}/user/keys`, 'POST', { title: 'bad', key: 'not a key' })).status).toBe(400);
  });
});
