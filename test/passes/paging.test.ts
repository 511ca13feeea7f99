/** The paging pass on parsed models built with the factory: which GETs answer lists, and how each pages. */
import { describe, expect, it } from 'vitest';
import {
  parameter,
  parsedApi,
  parsedOperation,
  parsedSchema,
  response,
  t,
} from '../helpers/model-factory.ts';
import type { ParsedOperation } from '../../generator/ir/operation.ts';
import { decidePaging } from '../../generator/passes/paging.ts';

const envelope = t.object({ object: t.literal('list'), data: t.array(t.ref('Item')), has_more: t.boolean() });
const decide = (...operations: ParsedOperation[]) =>
  decidePaging(parsedApi({ schemas: [parsedSchema('Item', t.object({ id: t.string() }))], operations }));

describe('decidePaging', () => {
  it('reads our list envelope, following its after cursor', () => {
    const table = decide(
      parsedOperation('listItems', 'get', '/items', {
        parameters: [parameter('after', 'query')],
        responses: [response('200', envelope)],
      }),
    );
    expect(table.lists.get('listItems')).toMatchObject({ kind: 'envelope', item: t.ref('Item') });
    expect(table.paging.get('listItems')).toEqual({ kind: 'envelope', param: 'after', items: ['data'] });
  });

  it('pages by offset and limit, by page, by cursor with a next field, and by Link header', () => {
    const list = t.object({ items: t.array(t.ref('Item')), total: t.integer() });
    const table = decide(
      parsedOperation('byOffset', 'get', '/a', {
        parameters: [parameter('offset', 'query', t.integer()), parameter('limit', 'query', t.integer())],
        responses: [response('200', list)],
      }),
      parsedOperation('byPage', 'get', '/b', {
        parameters: [parameter('page', 'query', t.integer())],
        responses: [response('200', t.array(t.ref('Item')))],
      }),
      parsedOperation('byCursor', 'get', '/c', {
        parameters: [parameter('cursor', 'query')],
        responses: [response('200', t.object({ items: t.array(t.ref('Item')), next_cursor: t.string() }))],
      }),
      parsedOperation('byLink', 'get', '/d', {
        responses: [
          response('200', t.array(t.ref('Item')), {
            headers: [{ name: 'Link', required: false, type: t.string() }],
          }),
        ],
      }),
    );
    expect(Object.fromEntries(table.paging)).toEqual({
      byOffset: { kind: 'offset', param: 'offset', limit: 'limit', items: ['items'] },
      byPage: { kind: 'page', param: 'page', items: [] },
      byCursor: { kind: 'cursor', param: 'cursor', next: ['next_cursor'], items: ['items'] },
      byLink: { kind: 'link', items: [] },
    });
    expect([...table.lists.values()].map((l) => l.kind)).toEqual(['shape', 'shape', 'shape', 'shape']);
  });

  it('marks a list whose paging parameters fit no convention', () => {
    const table = decide(
      parsedOperation('odd', 'get', '/odd', {
        parameters: [parameter('cursor', 'query')],
        responses: [response('200', t.array(t.ref('Item')))],
      }),
    );
    expect([table.paging.has('odd'), table.unrecognised.has('odd')]).toEqual([false, true]);
  });

  it('reads no list from a POST or from an object that is a resource holding an array', () => {
    const table = decide(
      parsedOperation('create', 'post', '/items', { responses: [response('200', envelope)] }),
      parsedOperation('getItem', 'get', '/items/{id}', {
        parameters: [parameter('id', 'path')],
        responses: [response('200', t.object({ id: t.string(), tags: t.array(t.string()) }))],
      }),
    );
    expect([table.lists.size, table.paging.size]).toEqual([0, 0]);
  });
});
