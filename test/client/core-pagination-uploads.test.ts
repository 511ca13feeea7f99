/** Pagination of a list envelope across several pages, and multipart uploads parsed by busboy on the server. */
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { toFile } from '../../templates/client/core/uploads.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { json, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Item {
  id: string;
}
type Envelope = {
  object: 'list';
  data: Item[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
};

/** Items it_0 … it_6 served three per page, after the `after` cursor. */
function pagedServer() {
  const all = Array.from({ length: 7 }, (_, i) => ({ id: `it_${i}` }));
  return startServer((req, res) => {
    const after = req.query.after as string | undefined;
    const limit = Number(req.query.limit ?? 3);
    const start = after ? all.findIndex((x) => x.id === after) + 1 : 0;
    const data = all.slice(start, start + limit);
    json(res, 200, {
      object: 'list',
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: start + limit < all.length,
    });
  });
}

describe('pagination', () => {
  it('iterates every item across pages with for await on the call', async () => {
    server = await pagedServer();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const ids: string[] = [];
    for await (const item of client.list<Item, Envelope>(ops.listThings, {
      params: { limit: 3, order: 'asc' },
    }))
      ids.push(item.id);
    expect(ids).toEqual(['it_0', 'it_1', 'it_2', 'it_3', 'it_4', 'it_5', 'it_6']);
    expect(server.requests.map((r) => r.query)).toEqual([
      { limit: '3', order: 'asc' },
      { limit: '3', order: 'asc', after: 'it_2' },
      { limit: '3', order: 'asc', after: 'it_5' },
    ]);
  });

  it('exposes the page items, its body, hasNextPage and getNextPage', async () => {
    server = await pagedServer();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const first = await client.list<Item, Envelope>(ops.listThings, { params: { limit: 3 } });
    expect(first.items.map((x) => x.id)).toEqual(['it_0', 'it_1', 'it_2']);
    expect([first.body.object, first.body.first_id, first.body.last_id, first.body.has_more]).toEqual([
      'list',
      'it_0',
      'it_2',
      true,
    ]);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    const third = await second.getNextPage();
    expect(third.items.map((x) => x.id)).toEqual(['it_6']);
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow(/No next page/);
    const body = {
      object: 'list',
      data: [{ id: 'it_6' }],
      first_id: 'it_6',
      last_id: 'it_6',
      has_more: false,
    };
    expect(JSON.parse(JSON.stringify(third))).toEqual({ body, items: body.data });
  });

  it('treats a list without has_more as one page', async () => {
    server = await startServer((_req, res) =>
      json(res, 200, { object: 'list', data: [{ id: 'm1' }, { id: 'm2' }] }),
    );
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const ids: string[] = [];
    for await (const m of client.list<Item, Envelope>(ops.listThings, {})) ids.push(m.id);
    expect(ids).toEqual(['m1', 'm2']);
    expect(server.requests).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('sends File, Blob, Uint8Array, Buffer and a Node read stream as file parts with names and types', async () => {
    server = await startServer((_req, res) => json(res, 200, { ok: true }));
    const dir = mkdtempSync(path.join(tmpdir(), 'client-upload-'));
    writeFileSync(path.join(dir, 'clip.mp4'), 'stream bytes');
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await client.call(ops.upload, {
      params: {
        file: new File(['file bytes'], 'a.wav', { type: 'audio/wav' }),
        blob: new Blob(['blob bytes'], { type: 'image/png' }),
        bytes: new Uint8Array([104, 105]),
        buffer: Buffer.from('buf'),
        stream: createReadStream(path.join(dir, 'clip.mp4')),
        generator: Readable.from([Buffer.from('gen'), Buffer.from('erated')]),
        named: await toFile(Buffer.from('x'), 'named.jpg', { type: 'image/jpeg' }),
        'image[]': [new Blob(['i1']), new Blob(['i2'])],
        'include[]': ['logprobs', 'other'],
        n: 2,
        flag: true,
        meta: { a: 1 },
        skipped: undefined,
        nothing: null,
      },
    });
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.files!.file).toEqual([{ filename: 'a.wav', mimeType: 'audio/wav', content: 'file bytes' }]);
    expect(req.files!.blob![0]).toMatchObject({ mimeType: 'image/png', content: 'blob bytes' });
    expect(req.files!.bytes![0]!.content).toBe('hi');
    expect(req.files!.buffer![0]!.content).toBe('buf');
    expect(req.files!.stream).toEqual([
      { filename: 'clip.mp4', mimeType: 'application/octet-stream', content: 'stream bytes' },
    ]);
    expect(req.files!.generator![0]!.content).toBe('generated');
    expect(req.files!.named).toEqual([{ filename: 'named.jpg', mimeType: 'image/jpeg', content: 'x' }]);
    expect(req.files!['image[]']!.map((f) => [f.content, f.mimeType])).toEqual([
      ['i1', 'application/octet-stream'],
      ['i2', 'application/octet-stream'],
    ]);
    expect(req.fields).toEqual({
      'include[]': ['logprobs', 'other'],
      n: ['2'],
      flag: ['true'],
      meta: ['{"a":1}'],
    });
  });

  it('chooses multipart for a JSON-or-multipart operation only when a file is present', async () => {
    server = await startServer((_req, res) => json(res, 200, { ok: true }));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await client.call(ops.either, { params: { prompt: 'p', input_reference: { file_id: 'f' } } });
    await client.call(ops.either, {
      params: { prompt: 'p', input_reference: new Blob(['img'], { type: 'image/png' }) },
    });
    expect(server.requests[0]!.json).toEqual({ prompt: 'p', input_reference: { file_id: 'f' } });
    expect(server.requests[1]!.fields).toEqual({ prompt: ['p'] });
    expect(server.requests[1]!.files!.input_reference![0]!.content).toBe('img');
  });
});
