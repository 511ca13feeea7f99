/**
 * Lists paged by the usual conventions, recognised by shape and iterated by the generated client, each as the one
 * `Page` class: a list envelope, a cursor with a next-cursor field in the answer, offset (with a limit), page numbers,
 * and a `Link: <…>; rel="next"` header (GitHub's). Real HTTP on 127.0.0.1 against a server that pages 7 items; a list
 * whose parameters fit no convention is a plain method, warned.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWarning } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const out = path.resolve('.tmp/paging-client');
const item = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
const query = (name: string, type = 'string') => ({ name, in: 'query', required: false, schema: { type } });
const json = (schema: unknown) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
});
const spec = {
  openapi: '3.1.0',
  info: { title: 'Paging', version: '1' },
  servers: [{ url: 'https://example.test' }],
  paths: {
    // The cursor's next value is nested (`meta.next_cursor`); the items are `results`.
    '/events': {
      get: {
        operationId: 'listEvents',
        parameters: [query('cursor')],
        responses: json({
          type: 'object',
          properties: {
            results: { type: 'array', items: item },
            meta: { type: 'object', properties: { next_cursor: { type: ['string', 'null'] } } },
          },
        }),
      },
    },
    '/rows': {
      get: {
        operationId: 'listRows',
        parameters: [query('offset', 'integer'), query('limit', 'integer')],
        responses: json({ type: 'array', items: item }),
      },
    },
    '/pages': {
      get: {
        operationId: 'listPages',
        parameters: [query('page', 'integer')],
        responses: json({ type: 'object', properties: { items: { type: 'array', items: item } } }),
      },
    },
    // A list envelope (`object: "list"`, `data`, `has_more`, `last_id`), paged by `after`.
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [query('after')],
        responses: json({
          type: 'object',
          required: ['object', 'data'],
          properties: {
            object: { const: 'list' },
            data: { type: 'array', items: item },
            has_more: { type: 'boolean' },
            last_id: { type: ['integer', 'null'] },
          },
        }),
      },
    },
    '/tokens': {
      get: {
        operationId: 'listTokens',
        parameters: [query('after')],
        responses: json({ type: 'array', items: item }),
      },
    },
    // GitHub's way: `page`/`per_page`, a bare array, and the next page named by the answer's `Link` header.
    '/issues': {
      get: {
        operationId: 'listIssues',
        parameters: [query('per_page', 'integer'), query('page', 'integer'), query('state')],
        responses: {
          '200': {
            ...json({ type: 'array', items: item })['200'],
            headers: { Link: { schema: { type: 'string' } } },
          },
        },
      },
    },
  },
};
/** How the server writes its `Link` header: absolute URLs (GitHub's), relative ones, or the same next link forever. */
let linkStyle: 'absolute' | 'relative' | 'stuck' = 'absolute';

const ALL = [1, 2, 3, 4, 5, 6, 7];
const seen: string[] = [];
let server: http.Server;
let client: any;
let warnings: string[];

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'openapi.yaml'), JSON.stringify(spec));
  const result = await runPipeline({
    spec: path.join(out, 'openapi.yaml'),
    mode: 'tolerant',
    format: false,
    emitters: ['client'],
  });
  warnings = result.warnings.map(formatWarning);
  for (const f of result.files) {
    mkdirSync(path.dirname(path.join(out, 'gen', f.path)), { recursive: true });
    writeFileSync(path.join(out, 'gen', f.path), f.contents);
  }
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push(`${url.pathname}${url.search}`);
    const ids = (from: number, n: number) => ALL.slice(from, from + n).map((id) => ({ id }));
    let body: unknown;
    if (url.pathname === '/events') {
      const from = Number(url.searchParams.get('cursor') ?? 0);
      body = {
        results: ids(from, 3),
        meta: { next_cursor: from + 3 < ALL.length ? String(from + 3) : null },
      };
    } else if (url.pathname === '/rows') {
      body = ids(Number(url.searchParams.get('offset') ?? 0), Number(url.searchParams.get('limit') ?? 2));
    } else if (url.pathname === '/pages') {
      body = { items: ids((Number(url.searchParams.get('page') ?? 1) - 1) * 3, 3) };
    } else if (url.pathname === '/things') {
      const from = Number(url.searchParams.get('after') ?? 0);
      const data = ids(from, 3);
      body = { object: 'list', data, has_more: from + 3 < ALL.length, last_id: String(data.at(-1)?.id) };
    } else if (url.pathname === '/issues') {
      const perPage = Number(url.searchParams.get('per_page') ?? 3);
      const page = Number(url.searchParams.get('page') ?? 1);
      body = ids((page - 1) * perPage, perPage);
      const last = Math.ceil(ALL.length / perPage);
      // The next URL keeps the caller's filters and adds the server's own cursor (`after`), as GitHub's do.
      const to = (n: number) =>
        `${linkStyle === 'relative' ? '' : `http://${req.headers.host}`}/issues?per_page=${perPage}&page=${n}&state=${url.searchParams.get('state') ?? 'open'}&after=c${n}`;
      const links = [
        page < last ? `<${to(linkStyle === 'stuck' ? 2 : page + 1)}>; rel="next"` : '',
        `<${to(last)}>; rel="last"`,
        page > 1 ? `<${to(1)}>; rel="first"` : '',
      ].filter(Boolean);
      res
        .writeHead(200, { 'content-type': 'application/json', link: links.join(', ') })
        .end(JSON.stringify(body));
      return;
    } else body = ids(0, 2);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { PagingClient: ApiClient } = await import(path.join(out, 'gen/client/index.ts'));
  client = new ApiClient({
    apiKey: 'k',
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    maxRetries: 0,
  });
});
afterAll(() => server.close());

async function all(promise: AsyncIterable<{ id: number }>): Promise<number[]> {
  const ids: number[] = [];
  for await (const x of promise) ids.push(x.id);
  return ids;
}

describe('lists paged by cursor, offset and page number', () => {
  it('follows a next-cursor field of the answer until it is null', async () => {
    seen.length = 0;
    expect(await all(client.events.list())).toEqual(ALL);
    expect(seen).toEqual(['/events', '/events?cursor=3', '/events?cursor=6']);
    const first = await client.events.list();
    expect(first.items.map((x: { id: number }) => x.id)).toEqual([1, 2, 3]);
    expect(first.body.meta.next_cursor).toBe('3');
    expect(first.hasNextPage()).toBe(true);
  });

  it('adds the items received to the offset, and stops at a page shorter than the limit', async () => {
    seen.length = 0;
    expect(await all(client.rows.list({ limit: 3 }))).toEqual(ALL);
    expect(seen).toEqual(['/rows?limit=3', '/rows?limit=3&offset=3', '/rows?limit=3&offset=6']);
  });

  it('counts pages from 1 and stops at an empty page', async () => {
    seen.length = 0;
    expect(await all(client.pages.list())).toEqual(ALL);
    expect(seen).toEqual(['/pages', '/pages?page=2', '/pages?page=3', '/pages?page=4']);
  });

  it('follows `after` = `last_id` of a list envelope while has_more', async () => {
    seen.length = 0;
    expect(await all(client.things.list())).toEqual(ALL);
    expect(seen).toEqual(['/things', '/things?after=3', '/things?after=6']);
  });

  it('follows the rel="next" URL of the Link header, its whole query, until the last page has none', async () => {
    linkStyle = 'absolute';
    seen.length = 0;
    expect(await all(client.issues.list({ per_page: 3, state: 'closed' }))).toEqual(ALL);
    expect(seen).toEqual([
      '/issues?per_page=3&state=closed',
      '/issues?per_page=3&state=closed&page=2&after=c2',
      '/issues?per_page=3&state=closed&page=3&after=c3',
    ]);
    const first = await client.issues.list({ per_page: 3 });
    expect(first.items.map((x: { id: number }) => x.id)).toEqual([1, 2, 3]);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.items.map((x: { id: number }) => x.id)).toEqual([4, 5, 6]);
    const third = await second.getNextPage();
    expect(third.items.map((x: { id: number }) => x.id)).toEqual([7]);
    expect(third.hasNextPage()).toBe(false);
  });

  it('reads a relative Link URL against the request, and stops with a ClientError when the server names the same next page again', async () => {
    linkStyle = 'relative';
    seen.length = 0;
    expect(await all(client.issues.list({ per_page: 2 }))).toEqual(ALL);
    expect(seen).toEqual([
      '/issues?per_page=2',
      '/issues?per_page=2&page=2&state=open&after=c2',
      '/issues?per_page=2&page=3&state=open&after=c3',
      '/issues?per_page=2&page=4&state=open&after=c4',
    ]);
    linkStyle = 'stuck';
    seen.length = 0;
    const { ClientError } = await import(path.join(out, 'gen/client/index.ts'));
    const error = await all(client.issues.list({ per_page: 2 })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toMatch(
      /sent the cursor .* again for the next page; stopped instead of looping/,
    );
    // The first page, the second, and the second named again: no request after that.
    expect(seen).toEqual(['/issues?per_page=2', '/issues?per_page=2&page=2&state=open&after=c2']);
    linkStyle = 'absolute';
  });

  it('gives every paging style one page class with one set of members', async () => {
    const pages = [
      await client.things.list(),
      await client.events.list(),
      await client.rows.list({ limit: 3 }),
      await client.pages.list(),
      await client.issues.list({ per_page: 3 }),
    ];
    const { Page } = await import(path.join(out, 'gen/client/index.ts'));
    for (const page of pages) {
      expect(page).toBeInstanceOf(Page);
      expect(Object.keys(page)).toEqual(['body', 'items']);
      expect(page.items.map((x: { id: number }) => x.id)).toEqual([1, 2, 3]);
      expect(page.hasNextPage()).toBe(true);
    }
    expect(pages[0].body.has_more).toBe(true);
  });

  it('leaves a list whose paging fits no convention a plain method, with a located warning', async () => {
    expect(warnings).toEqual([
      expect.stringMatching(
        /openapi\.yaml:\d+:\d+ #\/paths\/~1tokens\/get: warning\[pagination-fallback\]: listTokens returns a list whose paging parameters fit no convention.*; client\.tokens\.list is a plain method returning one page$/,
      ),
    ]);
    expect(await client.tokens.list()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('types the items and the body of each page (tsc --strict over the generated client and a use of it)', () => {
    writeFileSync(
      path.join(out, 'gen', 'use.ts'),
      [
        "import { PagingClient as ApiClient, type Page } from './client/index.js';",
        'export async function use(client: ApiClient): Promise<number> {',
        '  let sum = 0;',
        '  for await (const row of client.rows.list({ limit: 3 })) sum += row.id;',
        '  const page = await client.events.list({ cursor: "3" });',
        '  const next: string | null | undefined = page.body.meta?.next_cursor;',
        '  // @ts-expect-error items are objects, not numbers',
        '  const wrong: number[] = page.items;',
        '  const things: Page<{ id: number }, unknown> = await client.things.list();',
        '  const same: Page<{ id: number }, unknown> = page;',
        '  return sum + page.items.length + (next ? 1 : 0) + wrong.length + things.items.length + same.items.length;',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      path.join(out, 'gen', 'tsconfig.json'),
      JSON.stringify({
        extends: path.relative(path.join(out, 'gen'), path.resolve('tsconfig.json')),
        include: ['./**/*.ts'],
        exclude: [],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [
        path.resolve('node_modules/typescript/bin/tsc'),
        '-p',
        path.join(out, 'gen', 'tsconfig.json'),
        '--noEmit',
      ],
      { encoding: 'utf8' },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });
});
