/**
 * The list envelopes of public APIs, each written as its vendor's spec writes it, paged by the generated client with
 * `for await` over real HTTP on 127.0.0.1 (a server that holds 7 items):
 * - Cloudflare: `allOf` of a common answer (`errors` and `messages` arrays, `success`), `result_info` and the
 *   `result` array; by `page`, and by the `cursor` inside `result_info`;
 * - PagerDuty: `allOf: [Pagination, {incidents}]` with `more`, by `offset`/`limit`;
 * - Twilio: the item array beside `start`, `end`, `page_size` and `next_page_uri` (a relative URL);
 * - a `next`/`previous` URL pair (absolute), Django REST framework's `{count, next, previous, results}`;
 * - Box: `allOf` of `{limit, offset, total_count, order}` and `{entries}`, by `marker`/`next_marker`.
 * A list whose answer says more pages follow but takes no parameter to ask for them is warned (pagination-fallback).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWarning } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const out = path.resolve('.tmp/paging-envelopes-client');
const item = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
const items = { type: 'array', items: item };
const query = (name: string, type = 'string') => ({ name, in: 'query', required: false, schema: { type } });
const json = (schema: unknown) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const spec = {
  openapi: '3.0.3',
  info: { title: 'Envelopes', version: '1' },
  servers: [{ url: 'https://example.test' }],
  components: {
    schemas: {
      // Cloudflare's `api-response-common` and `api-response-collection`.
      Common: {
        type: 'object',
        required: ['errors', 'messages', 'success'],
        properties: {
          errors: { type: 'array', items: { type: 'object', properties: { message: { type: 'string' } } } },
          messages: { type: 'array', items: { type: 'object', properties: { message: { type: 'string' } } } },
          success: { type: 'boolean' },
          result: { anyOf: [{ type: 'object' }, { type: 'array', items: {} }, { type: 'string' }] },
        },
      },
      Collection: {
        allOf: [
          ref('Common'),
          {
            type: 'object',
            properties: {
              result_info: {
                type: 'object',
                properties: {
                  page: { type: 'number' },
                  per_page: { type: 'number' },
                  count: { type: 'number' },
                  total_count: { type: 'number' },
                  cursor: { type: 'string' },
                },
              },
            },
          },
        ],
      },
      // PagerDuty's `Pagination`.
      Pagination: {
        type: 'object',
        properties: {
          offset: { type: 'integer' },
          limit: { type: 'integer' },
          more: { type: 'boolean' },
          total: { type: 'integer', nullable: true },
        },
      },
    },
  },
  paths: {
    '/zones/{zone_id}/dns_records': {
      get: {
        operationId: 'dns-records-for-a-zone-list-dns-records',
        parameters: [
          { name: 'zone_id', in: 'path', required: true, schema: { type: 'string' } },
          query('page', 'number'),
          query('per_page', 'number'),
        ],
        responses: json({ allOf: [ref('Collection'), { type: 'object', properties: { result: items } }] }),
      },
    },
    '/accounts/{account_id}/logs': {
      get: {
        operationId: 'audit-logs-list',
        parameters: [
          { name: 'account_id', in: 'path', required: true, schema: { type: 'string' } },
          query('cursor'),
          query('limit', 'integer'),
        ],
        responses: json({ allOf: [ref('Collection'), { type: 'object', properties: { result: items } }] }),
      },
    },
    '/incidents': {
      get: {
        operationId: 'listIncidents',
        parameters: [query('offset', 'integer'), query('limit', 'integer')],
        responses: json({
          allOf: [ref('Pagination'), { type: 'object', properties: { incidents: items } }],
        }),
      },
    },
    '/2010-04-01/Accounts/{AccountSid}/Messages.json': {
      get: {
        operationId: 'ListMessage',
        parameters: [
          { name: 'AccountSid', in: 'path', required: true, schema: { type: 'string' } },
          query('PageSize', 'integer'),
          query('Page', 'integer'),
          query('PageToken'),
        ],
        responses: json({
          type: 'object',
          properties: {
            messages: items,
            end: { type: 'integer' },
            first_page_uri: { type: 'string' },
            next_page_uri: { type: 'string', nullable: true },
            page: { type: 'integer' },
            page_size: { type: 'integer' },
            previous_page_uri: { type: 'string', nullable: true },
            start: { type: 'integer' },
            uri: { type: 'string' },
          },
        }),
      },
    },
    '/articles': {
      get: {
        operationId: 'listArticles',
        parameters: [query('page', 'integer')],
        responses: json({
          type: 'object',
          properties: {
            count: { type: 'integer' },
            next: { type: 'string', format: 'uri', nullable: true },
            previous: { type: 'string', format: 'uri', nullable: true },
            results: items,
          },
        }),
      },
    },
    '/folders/{folder_id}/items': {
      get: {
        operationId: 'get_folders_id_items',
        tags: ['Folders'],
        parameters: [
          { name: 'folder_id', in: 'path', required: true, schema: { type: 'string' } },
          query('marker'),
          query('limit', 'integer'),
        ],
        responses: json({
          allOf: [
            {
              type: 'object',
              properties: {
                limit: { type: 'integer' },
                next_marker: { type: 'string', nullable: true },
                order: {
                  type: 'array',
                  items: { type: 'object', properties: { by: { type: 'string' } } },
                },
              },
            },
            { type: 'object', properties: { entries: items } },
          ],
        }),
      },
    },
    // Says more pages follow, but takes nothing to ask for them: a plain method, warned.
    '/feeds': {
      get: {
        operationId: 'listFeeds',
        responses: json({ type: 'object', properties: { feeds: items, has_more: { type: 'boolean' } } }),
      },
    },
  },
};

const ALL = [1, 2, 3, 4, 5, 6, 7];
const seen: string[] = [];
let server: http.Server;
let warnings: string[];
let client: any;

/** The answer for one request: the items from `from`, `n` of them, in each vendor's envelope. */
function answer(url: URL, host: string): unknown {
  const ids = (from: number, n: number) => ALL.slice(from, from + n).map((id) => ({ id }));
  const q = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
  const common = { errors: [{ message: 'not an item' }], messages: [], success: true };
  if (url.pathname === '/zones/z1/dns_records') {
    const page = q('page', 1);
    const perPage = q('per_page', 3);
    const result = ids((page - 1) * perPage, perPage);
    return {
      ...common,
      result,
      result_info: { page, per_page: perPage, count: result.length, total_count: 7 },
    };
  }
  if (url.pathname === '/accounts/a1/logs') {
    const from = q('cursor', 0);
    const more = from + 3 < ALL.length;
    return {
      ...common,
      result: ids(from, 3),
      result_info: { count: 3, ...(more ? { cursor: String(from + 3) } : {}) },
    };
  }
  if (url.pathname === '/incidents') {
    // `more: false` on a full last page: the client stops without asking for an empty one.
    const offset = q('offset', 0);
    const limit = q('limit', 25);
    return { incidents: ids(offset, limit), offset, limit, more: offset + limit < 6, total: null };
  }
  if (url.pathname === '/2010-04-01/Accounts/AC1/Messages.json') {
    const page = q('Page', 0);
    const size = q('PageSize', 50);
    const start = page * size;
    const next = start + size < ALL.length;
    return {
      messages: ids(start, size),
      start,
      end: start + size - 1,
      page,
      page_size: size,
      uri: url.pathname + url.search,
      first_page_uri: `${url.pathname}?PageSize=${size}&Page=0`,
      previous_page_uri: null,
      next_page_uri: next
        ? `${url.pathname}?PageSize=${size}&Page=${page + 1}&PageToken=PA${start + size}`
        : null,
    };
  }
  if (url.pathname === '/articles') {
    const page = q('page', 1);
    const next = page * 3 < ALL.length;
    return {
      count: ALL.length,
      next: next ? `http://${host}/articles?page=${page + 1}` : null,
      previous: page > 1 ? `http://${host}/articles?page=${page - 1}` : null,
      results: ids((page - 1) * 3, 3),
    };
  }
  if (url.pathname === '/folders/0/items') {
    const from = Number((url.searchParams.get('marker') ?? 'm0').slice(1));
    const limit = q('limit', 3);
    const next = from + limit < ALL.length;
    return {
      entries: ids(from, limit),
      limit,
      order: [{ by: 'name' }],
      next_marker: next ? `m${from + limit}` : null,
    };
  }
  return { feeds: ids(0, 2), has_more: true };
}

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
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer(url, req.headers.host ?? '')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { EnvelopesClient } = await import(path.join(out, 'gen/client/index.ts'));
  client = new EnvelopesClient({
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

describe('the list envelopes of public APIs, paged with for await', () => {
  it('Cloudflare: the result array beside errors and messages, by page until a page is empty', async () => {
    seen.length = 0;
    expect(await all(client.zones.dnsRecords.list('z1', { per_page: 3 }))).toEqual(ALL);
    expect(seen).toEqual([
      '/zones/z1/dns_records?per_page=3',
      '/zones/z1/dns_records?per_page=3&page=2',
      '/zones/z1/dns_records?per_page=3&page=3',
      '/zones/z1/dns_records?per_page=3&page=4',
    ]);
    const first = await client.zones.dnsRecords.list('z1', { per_page: 3 });
    expect(first.body.errors).toEqual([{ message: 'not an item' }]);
  });

  it('Cloudflare: the cursor inside result_info, until it is absent', async () => {
    seen.length = 0;
    expect(await all(client.accounts.logs.list('a1'))).toEqual(ALL);
    expect(seen).toEqual(['/accounts/a1/logs', '/accounts/a1/logs?cursor=3', '/accounts/a1/logs?cursor=6']);
  });

  it('PagerDuty: allOf [Pagination, {incidents}], by offset, stopping where `more` is false', async () => {
    seen.length = 0;
    expect(await all(client.incidents.list({ limit: 3 }))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual(['/incidents?limit=3', '/incidents?limit=3&offset=3']);
  });

  it("Twilio: next_page_uri's query asks for the next page, until it is null", async () => {
    seen.length = 0;
    expect(await all(client.accounts.messages.list('AC1', { PageSize: 3 }))).toEqual(ALL);
    expect(seen).toEqual([
      '/2010-04-01/Accounts/AC1/Messages.json?PageSize=3',
      '/2010-04-01/Accounts/AC1/Messages.json?PageSize=3&Page=1&PageToken=PA3',
      '/2010-04-01/Accounts/AC1/Messages.json?PageSize=3&Page=2&PageToken=PA6',
    ]);
  });

  it('a next/previous URL pair: the absolute next URL, until it is null', async () => {
    seen.length = 0;
    expect(await all(client.articles.list())).toEqual(ALL);
    expect(seen).toEqual(['/articles', '/articles?page=2', '/articles?page=3']);
  });

  it("Box: allOf [{limit, order, next_marker}, {entries}], by marker, under the operation's tag", async () => {
    seen.length = 0;
    expect(await all(client.folders.getFolderItems('0', { limit: 3 }))).toEqual(ALL);
    expect(seen).toEqual([
      '/folders/0/items?limit=3',
      '/folders/0/items?limit=3&marker=m3',
      '/folders/0/items?limit=3&marker=m6',
    ]);
  });

  it('warns of a list whose answer says more pages follow but that takes nothing to ask for them', async () => {
    expect(warnings.filter((w) => w.includes('pagination-fallback'))).toEqual([
      expect.stringMatching(
        /listFeeds returns a list .* client\.feeds\.list is a plain method returning one page/,
      ),
    ]);
    const page = await client.feeds.list();
    expect(page.feeds).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
