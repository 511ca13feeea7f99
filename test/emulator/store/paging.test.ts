import { describe, expect, it } from 'vitest';
import { openStore, type EmulatorStore, type ListOptions } from '../../../templates/emulator/store/index.js';

async function filled(n: number): Promise<EmulatorStore> {
  const store = await openStore();
  store.transaction(() => {
    for (let i = 1; i <= n; i++) store.put('c', `id${i}`, i);
  });
  return store;
}

const page = (store: EmulatorStore, options: ListOptions) => store.list('c', options);

describe('EmulatorStore.list', () => {
  it('lists in insertion order, oldest first for asc and newest first for desc', async () => {
    const store = await filled(5);
    expect(page(store, { order: 'asc', limit: 10 })).toEqual({ items: [1, 2, 3, 4, 5], hasMore: false });
    expect(page(store, { order: 'desc', limit: 10 })).toEqual({ items: [5, 4, 3, 2, 1], hasMore: false });
    expect(page(store, { order: 'asc', limit: 2 })).toEqual({ items: [1, 2], hasMore: true });
    expect(page(store, { order: 'desc', limit: 2 })).toEqual({ items: [5, 4], hasMore: true });
  });

  it('has no more when the page ends exactly at the last item', async () => {
    const store = await filled(4);
    expect(page(store, { order: 'asc', limit: 4 })).toEqual({ items: [1, 2, 3, 4], hasMore: false });
    expect(page(store, { order: 'asc', limit: 2, after: 'id2' })).toEqual({ items: [3, 4], hasMore: false });
    expect(page(store, { order: 'asc', limit: 2, after: 'id4' })).toEqual({ items: [], hasMore: false });
  });

  it('pages `after` in the listing order: later items for asc, older ones for desc', async () => {
    const store = await filled(6);
    expect(page(store, { order: 'asc', limit: 2, after: 'id2' })).toEqual({ items: [3, 4], hasMore: true });
    expect(page(store, { order: 'desc', limit: 2, after: 'id5' })).toEqual({ items: [4, 3], hasMore: true });
    expect(page(store, { order: 'desc', limit: 5, after: 'id3' })).toEqual({ items: [2, 1], hasMore: false });
  });

  it('gives with `before` the page just before the cursor, in listing order, hasMore looking backwards', async () => {
    const store = await filled(8);
    expect(page(store, { order: 'asc', limit: 3, before: 'id7' })).toEqual({
      items: [4, 5, 6],
      hasMore: true,
    });
    expect(page(store, { order: 'asc', limit: 3, before: 'id4' })).toEqual({
      items: [1, 2, 3],
      hasMore: false,
    });
    expect(page(store, { order: 'desc', limit: 3, before: 'id2' })).toEqual({
      items: [5, 4, 3],
      hasMore: true,
    });
    expect(page(store, { order: 'desc', limit: 3, before: 'id5' })).toEqual({
      items: [8, 7, 6],
      hasMore: false,
    });
    expect(page(store, { order: 'asc', limit: 3, before: 'id1' })).toEqual({ items: [], hasMore: false });
  });

  it('with both cursors, lists what lies strictly between them, forwards', async () => {
    const store = await filled(9);
    expect(page(store, { order: 'asc', limit: 10, after: 'id2', before: 'id6' })).toEqual({
      items: [3, 4, 5],
      hasMore: false,
    });
    expect(page(store, { order: 'asc', limit: 2, after: 'id2', before: 'id6' })).toEqual({
      items: [3, 4],
      hasMore: true,
    });
    expect(page(store, { order: 'desc', limit: 10, after: 'id8', before: 'id4' })).toEqual({
      items: [7, 6, 5],
      hasMore: false,
    });
    expect(page(store, { order: 'asc', limit: 10, after: 'id6', before: 'id2' })).toEqual({
      items: [],
      hasMore: false,
    });
    expect(page(store, { order: 'asc', limit: 10, after: 'id3', before: 'id3' })).toEqual({
      items: [],
      hasMore: false,
    });
  });

  it('answers limit 0 with no items and whether any would follow', async () => {
    const store = await filled(2);
    expect(page(store, { order: 'asc', limit: 0 })).toEqual({ items: [], hasMore: true });
    expect(page(store, { order: 'asc', limit: 0, after: 'id2' })).toEqual({ items: [], hasMore: false });
  });

  it('walks forwards and backwards to the end, visiting every item once, whatever the page size', async () => {
    const n = 23;
    const store = await filled(n);
    for (const limit of [1, 2, 5, 22, 23, 24]) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        let after: string | undefined;
        for (;;) {
          const { items, hasMore } = page(store, { order, limit, ...(after === undefined ? {} : { after }) });
          seen.push(...(items as number[]));
          if (!hasMore) break;
          after = `id${items.at(-1) as number}`;
        }
        const expected = Array.from({ length: n }, (_, i) => i + 1);
        expect(seen).toEqual(order === 'asc' ? expected : expected.reverse());

        const back: number[] = [];
        let before = order === 'asc' ? `id${n}` : 'id1';
        const last = order === 'asc' ? n : 1;
        for (;;) {
          const { items, hasMore } = page(store, { order, limit, before });
          back.unshift(...(items as number[]));
          if (!hasMore) break;
          before = `id${items[0] as number}`;
        }
        expect(back).toEqual(seen.filter((v) => v !== last));
      }
    }
  });

  it('keeps a deleted item usable as a cursor, so deleting while paging skips nothing', async () => {
    const store = await filled(7);
    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const { items, hasMore } = page(store, {
        order: 'asc',
        limit: 2,
        ...(after === undefined ? {} : { after }),
      });
      for (const v of items as number[]) {
        seen.push(v);
        store.delete('c', `id${v}`);
      }
      if (!hasMore) break;
      after = `id${items.at(-1) as number}`;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(store.count('c')).toBe(0);
    expect(page(store, { order: 'asc', limit: 5, after: 'id3' })).toEqual({ items: [], hasMore: false });
  });

  it('a cursor the collection never held gives an empty page (also an id of another collection)', async () => {
    const store = await filled(3);
    store.put('other', 'elsewhere', 1);
    expect(page(store, { order: 'asc', limit: 5, after: 'nope' })).toEqual({ items: [], hasMore: false });
    expect(page(store, { order: 'desc', limit: 5, before: 'nope' })).toEqual({ items: [], hasMore: false });
    expect(page(store, { order: 'asc', limit: 5, after: 'elsewhere' })).toEqual({
      items: [],
      hasMore: false,
    });
  });

  it('refuses a limit that is not a non-negative integer and an unknown order', async () => {
    const store = await filled(1);
    for (const limit of [-1, 1.5, Number.NaN, Infinity]) {
      expect(() => page(store, { order: 'asc', limit })).toThrow(/list limit must be a non-negative integer/);
    }
    expect(() => page(store, { order: 'up' as 'asc', limit: 1 })).toThrow(
      `list order must be 'asc' or 'desc', not "up".`,
    );
  });
});
