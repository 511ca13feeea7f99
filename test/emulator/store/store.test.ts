import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type EmulatorStore, type Json } from '../../../templates/emulator/store/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'emulator-store-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(scratch, `d${dirs++}`);

// Every behaviour holds in memory and on disk.
describe.each([
  ['in memory', () => openStore()],
  ['in a directory', () => openStore({ dir: freshDir() })],
])('EmulatorStore %s', (_name, open: () => Promise<EmulatorStore>) => {
  it('gets what was put, as a fresh copy each time, and undefined for what was not', async () => {
    const store = await open();
    expect(store.get('files', 'file_1')).toBeUndefined();
    store.put('files', 'file_1', { id: 'file_1', bytes: 12, tags: ['a'], meta: { k: null } });
    const first = store.get('files', 'file_1') as { tags: string[] };
    expect(first).toEqual({ id: 'file_1', bytes: 12, tags: ['a'], meta: { k: null } });
    first.tags.push('mutated');
    expect(store.get('files', 'file_1')).toEqual({ id: 'file_1', bytes: 12, tags: ['a'], meta: { k: null } });
    store.close();
  });

  it('stores every kind of JSON value, null included (distinct from absent)', async () => {
    const store = await open();
    const values: Json[] = [
      null,
      true,
      false,
      0,
      -1.5,
      2 ** 53 - 1,
      1e-300,
      '',
      'text',
      [],
      {},
      [1, [2, [3]]],
      { a: { b: { c: [null] } } },
    ];
    values.forEach((value, i) => store.put('values', `v${i}`, value));
    values.forEach((value, i) => expect(store.get('values', `v${i}`)).toEqual(value));
    expect(store.get('values', 'v0')).toBeNull();
    store.close();
  });

  it('refuses a value JSON cannot hold, naming it', async () => {
    const store = await open();
    expect(() => store.put('files', 'x', undefined as unknown as Json)).toThrow(
      /Cannot store undefined as files\/x/,
    );
    expect(store.count('files')).toBe(0);
    store.close();
  });

  it('replaces on a second put, keeping the item in its place and the count', async () => {
    const store = await open();
    for (const id of ['a', 'b', 'c']) store.put('c', id, { id, v: 1 });
    store.put('c', 'a', { id: 'a', v: 2 });
    expect(store.count('c')).toBe(3);
    expect(store.list('c', { order: 'asc', limit: 10 }).items).toEqual([
      { id: 'a', v: 2 },
      { id: 'b', v: 1 },
      { id: 'c', v: 1 },
    ]);
    store.close();
  });

  it('deletes once: true, then false; a deleted id put again goes to the end', async () => {
    const store = await open();
    for (const id of ['a', 'b', 'c']) store.put('c', id, id);
    expect(store.delete('c', 'a')).toBe(true);
    expect(store.delete('c', 'a')).toBe(false);
    expect(store.delete('c', 'never')).toBe(false);
    expect(store.get('c', 'a')).toBeUndefined();
    expect(store.count('c')).toBe(2);
    store.put('c', 'a', 'again');
    expect(store.list('c', { order: 'asc', limit: 10 }).items).toEqual(['b', 'c', 'again']);
    store.close();
  });

  it('keeps collections apart: the same id in two collections, counts and lists per collection', async () => {
    const store = await open();
    store.put('files', 'x', 'a file');
    store.put('batches', 'x', 'a batch');
    store.put('files', 'y', 'another file');
    expect(store.get('files', 'x')).toBe('a file');
    expect(store.get('batches', 'x')).toBe('a batch');
    expect(store.count('files')).toBe(2);
    expect(store.count('batches')).toBe(1);
    expect(store.count('nothing')).toBe(0);
    expect(store.delete('batches', 'x')).toBe(true);
    expect(store.get('files', 'x')).toBe('a file');
    expect(store.list('nothing', { order: 'desc', limit: 5 })).toEqual({ items: [], hasMore: false });
    store.close();
  });

  it('keeps odd ids, collection names and strings exactly (NUL, lone surrogates, quotes, SQL, long)', async () => {
    const store = await open();
    const odd = [
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '😀',
      'é',
      'e\u0301',
      '"quoted"',
      "'; DROP TABLE items; --",
      '%',
      '_',
      '\\',
      '../..',
      'a/b',
      'x'.repeat(10_000),
      'null',
      '0',
    ];
    odd.forEach((id, i) => store.put(id, id, { i, id, text: `${id}|${id}` }));
    odd.forEach((id, i) => expect(store.get(id, id)).toEqual({ i, id, text: `${id}|${id}` }));
    // Ids that differ only where encodings lose information stay different.
    expect(store.get('a\u0000b', 'a')).toBeUndefined();
    expect(store.get('\ud800', '\ufffd')).toBeUndefined();
    expect(store.get('é', 'e\u0301')).toBeUndefined();
    // LIKE wildcards and quotes in names are not patterns.
    expect(store.count('%')).toBe(1);
    expect(store.count('_')).toBe(1);
    for (const id of odd) expect(store.list(id, { order: 'asc', limit: 2 }).items).toHaveLength(1);
    odd.forEach((id) => expect(store.delete(id, id)).toBe(true));
    store.close();
  });

  it('commits a transaction as one and returns its value', async () => {
    const store = await open();
    const result = store.transaction(() => {
      store.put('c', 'a', 1);
      store.put('c', 'b', 2);
      return 'done';
    });
    expect(result).toBe('done');
    expect(store.count('c')).toBe(2);
    store.close();
  });

  it('rolls a throwing transaction back and rethrows its error; a nested one rolls back alone', async () => {
    const store = await open();
    store.put('c', 'kept', 0);
    const boom = new Error('boom');
    expect(() =>
      store.transaction(() => {
        store.put('c', 'kept', 1);
        store.put('c', 'new', 1);
        store.delete('c', 'kept');
        throw boom;
      }),
    ).toThrow(boom);
    expect(store.get('c', 'kept')).toBe(0);
    expect(store.get('c', 'new')).toBeUndefined();

    store.transaction(() => {
      store.put('c', 'outer', 1);
      expect(() =>
        store.transaction(() => {
          store.put('c', 'inner', 1);
          throw new Error('inner');
        }),
      ).toThrow('inner');
      expect(store.get('c', 'inner')).toBeUndefined();
    });
    expect(store.get('c', 'outer')).toBe(1);
    expect(store.list('c', { order: 'asc', limit: 10 }).items).toEqual([0, 1]);
    store.close();
  });

  it('refuses an async transaction function and rolls back what it did synchronously', async () => {
    const store = await open();
    expect(() =>
      store.transaction(() => {
        store.put('c', 'sync part', 1);
        return Promise.resolve(1);
      }),
    ).toThrow(/synchronous function/);
    expect(store.count('c')).toBe(0);
    store.put('c', 'after', 1);
    expect(store.count('c')).toBe(1);
    store.close();
  });

  it('refuses every call after close, with a clear message; a second close is harmless', async () => {
    const store = await open();
    store.close();
    store.close();
    expect(() => store.get('c', 'a')).toThrow('The emulator store is closed.');
    expect(() => store.put('c', 'a', 1)).toThrow('The emulator store is closed.');
    expect(() => store.list('c', { order: 'asc', limit: 1 })).toThrow('The emulator store is closed.');
    expect(() => store.transaction(() => 1)).toThrow('The emulator store is closed.');
  });
});
