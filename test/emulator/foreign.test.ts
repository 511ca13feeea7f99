/**
 * `emulate` on specs that are not ours, through the command's own code path (generate → compile → serve): the
 * OpenAPI Initiative's petstore-expanded (integer ids, a bare array list, a 204 delete) and the gist operations of
 * GitHub's spec (page paging and Link headers, string ids, RFC 3339 times, 204 delete), each with create → retrieve → list → delete over HTTP;
 * and Box's path keys with `#` text, whose operations update and read the same stored item.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { send, serve } from './serve.ts';

const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;

describe('emulate on foreign specs', () => {
  it('petstore-expanded: create → retrieve → list → delete', async () => {
    const { base } = await serve('test/fixtures/petstore-expanded/openapi.yaml');
    expect(base).toMatch(/\/v2$/);
    const rex = await json(await send(`${base}/pets`, 'POST', { name: 'Rex', tag: 'dog' }));
    const tom = await json(await send(`${base}/pets`, 'POST', { name: 'Tom' }));
    expect(rex).toEqual({ name: 'Rex', tag: 'dog', id: 1 });
    expect(tom).toEqual({ name: 'Tom', id: 2 });
    expect(await json(await send(`${base}/pets/1`))).toEqual(rex);
    const list = (await (await send(`${base}/pets`)).json()) as unknown[];
    expect(list).toEqual([rex, tom]);
    expect(await (await send(`${base}/pets?limit=1`)).json()).toEqual([rex]);
    const deleted = await send(`${base}/pets/1`, 'DELETE');
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await send(`${base}/pets/1`)).status).toBe(404);
    expect(await (await send(`${base}/pets`)).json()).toEqual([tom]);
    // A new pet gets a new number: ids are not reused.
    expect((await json(await send(`${base}/pets`, 'POST', { name: 'Kit' }))).id).toBe(3);
    const invalid = await send(`${base}/pets`, 'POST', { tag: 'no name' });
    expect(invalid.status).toBe(400);
  });

  it("GitHub's gists: create → retrieve → update → list with page paging → delete", async () => {
    const { base } = await serve('test/fixtures/github-gists/openapi.json');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send(`${base}/gists`, 'POST', {
        description: `g${i}`,
        public: true,
        files: { 'a.txt': { content: `hello ${i}` } },
      });
      expect(res.status).toBe(201);
      const gist = await json(res);
      expect(gist.description).toBe(`g${i}`);
      expect(typeof gist.id).toBe('string');
      // Server-assigned times are the emulator clock's, in the schema's format (RFC 3339 here).
      expect(Date.parse(gist.created_at as string)).toBeGreaterThan(Date.parse('2020-01-01T00:00:00Z'));
      ids.push(gist.id as string);
    }
    const one = await json(await send(`${base}/gists/${ids[1]}`));
    expect(one).toMatchObject({ id: ids[1], description: 'g1' });
    const updated = await json(await send(`${base}/gists/${ids[1]}`, 'PATCH', { description: 'renamed' }));
    expect(updated).toMatchObject({ id: ids[1], description: 'renamed' });
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const items = (await (await send(`${base}/gists?per_page=2&page=${page}`)).json()) as { id: string }[];
      if (!items.length) break;
      seen.push(...items.map((g) => g.id));
    }
    expect(seen).toEqual(ids);
    // The list declares a `Link` header: every page but the last names the next one, as GitHub's API does.
    const linked: string[] = [];
    let url: string | undefined = `${base}/gists?per_page=2`;
    while (url) {
      const res = await send(url);
      linked.push(...((await res.json()) as { id: string }[]).map((g) => g.id));
      const next = /<([^>]*)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
      url = next ? new URL(next, url).href : undefined;
    }
    expect(linked).toEqual(ids);
    expect((await send(`${base}/gists/${ids[0]}`, 'DELETE')).status).toBe(204);
    const gone = await send(`${base}/gists/${ids[0]}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toMatchObject({ error: { type: 'not_found_error' } });
  });
});

/** Box's shape: `/files/{file_id}` and its `#add_shared_link` and `#get_shared_link` keys, one stored file. */
const fileSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    shared_link: {
      anyOf: [{ type: 'object', properties: { access: { type: 'string' } } }, { type: 'null' }],
    },
  },
};
const boxLike = {
  openapi: '3.1.0',
  info: { title: 'Files', version: '1' },
  components: { schemas: { File: fileSchema } },
  paths: {
    '/files': {
      post: {
        operationId: 'createFile',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        responses: {
          '201': {
            description: 'made',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } },
          },
        },
      },
    },
    '/files/{file_id}': {
      parameters: [{ name: 'file_id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getFile',
        responses: {
          '200': {
            description: 'it',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } },
          },
        },
      },
    },
    '/files/{file_id}#add_shared_link': {
      parameters: [{ name: 'file_id', in: 'path', required: true, schema: { type: 'string' } }],
      put: {
        operationId: 'addSharedLink',
        parameters: [{ name: 'fields', in: 'query', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['shared_link'],
                properties: { shared_link: fileSchema.properties.shared_link },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'it',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } },
          },
        },
      },
    },
  },
};

describe('emulate on path keys with `#` text (Box)', () => {
  it('the operation of a `#` key acts on the item its line names', async () => {
    const dir = path.resolve('.tmp/emulator-box-like');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(boxLike));
    const { base } = await serve(path.join(dir, 'openapi.json'));
    const file = await json(await send(`${base}/files`, 'POST', { name: 'a.txt' }));
    const linked = await send(`${base}/files/${String(file.id)}?fields=shared_link`, 'PUT', {
      shared_link: { access: 'open' },
    });
    expect(linked.status).toBe(200);
    expect(await json(linked)).toMatchObject({ id: file.id, name: 'a.txt', shared_link: { access: 'open' } });
    expect(await json(await send(`${base}/files/${String(file.id)}`))).toMatchObject({
      shared_link: { access: 'open' },
    });
  });
});
