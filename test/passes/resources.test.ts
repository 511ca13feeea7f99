/** The resources pass on parsed models built with the factory: SDK calls, the resource tree, its classes and files. */
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../generator/diagnostics.ts';
import {
  parameter,
  parsedApi,
  parsedOperation,
  parsedSchema,
  response,
  t,
} from '../helpers/model-factory.ts';
import type { ParsedApi } from '../../generator/ir/api.ts';
import { NameRegistry } from '../../generator/naming/resolver.ts';
import { decidePaging } from '../../generator/passes/paging.ts';
import { decideCalls, DEFAULT_SDK_NAMING, type SdkNaming } from '../../generator/passes/resources.ts';
import { locate, tolerant } from './helpers.ts';

const list = t.object({ object: t.literal('list'), data: t.array(t.ref('VectorStore')) });

function model(): ParsedApi {
  return parsedApi({
    schemas: [parsedSchema('VectorStore', t.object({ id: t.string() }))],
    operations: [
      parsedOperation('listVectorStores', 'get', '/vector_stores', { responses: [response('200', list)] }),
      parsedOperation('createVectorStore', 'post', '/vector_stores', {
        responses: [response('200', t.ref('VectorStore'))],
      }),
      parsedOperation('getVectorStore', 'get', '/vector_stores/{id}', {
        parameters: [parameter('id', 'path')],
        responses: [response('200', t.ref('VectorStore'))],
      }),
      parsedOperation('listFiles', 'get', '/vector_stores/{id}/files', {
        parameters: [parameter('id', 'path')],
        responses: [response('200', list)],
      }),
    ],
  });
}

function decide(
  api: ParsedApi,
  naming: SdkNaming = DEFAULT_SDK_NAMING,
  registry = new NameRegistry(),
  diagnostics: Diagnostics = tolerant(),
) {
  return decideCalls(api, decidePaging(api), registry, locate, diagnostics, naming);
}

describe('decideCalls', () => {
  it('names calls by the URL tree when it names every operation cleanly', () => {
    const table = decide(model());
    expect(table.sdkNaming).toBe('paths');
    expect(Object.fromEntries([...table.sdkPaths].map(([id, call]) => [id, call.join('.')]))).toEqual({
      createVectorStore: 'vectorStores.create',
      getVectorStore: 'vectorStores.retrieve',
      listFiles: 'vectorStores.files.list',
      listVectorStores: 'vectorStores.list',
    });
  });

  it("builds the tree with class names and one file per resource, sub-resources in their parent's folder", () => {
    const { resources } = decide(model());
    expect(resources.children.map((c) => [c.property, c.className, c.file])).toEqual([
      ['vectorStores', 'VectorStores', 'client/resources/vector-stores/vector-stores.ts'],
    ]);
    const top = resources.children[0]!;
    expect(top.methods.map((m) => m.name)).toEqual(['create', 'retrieve', 'list']);
    expect(top.children.map((c) => [c.className, c.path.join('.'), c.file])).toEqual([
      ['VectorStoresFiles', 'vectorStores.files', 'client/resources/vector-stores/files.ts'],
    ]);
  });

  it('orders methods create, retrieve, update, list, delete, then the others as the spec lists them', () => {
    const op = (id: string, method: 'get' | 'post' | 'delete', path: string) =>
      parsedOperation(id, method, path, {
        parameters: path.includes('{') ? [parameter('id', 'path')] : [],
        responses: [response('200', t.ref('VectorStore'))],
      });
    const api = parsedApi({
      schemas: [parsedSchema('VectorStore', t.object({ id: t.string() }))],
      operations: [
        op('searchStore', 'post', '/stores/{id}/search'),
        op('deleteStore', 'delete', '/stores/{id}'),
        op('archiveStore', 'post', '/stores/{id}/archive'),
        op('getStore', 'get', '/stores/{id}'),
        op('createStore', 'post', '/stores'),
      ],
    });
    // The spec's order, from the source positions of the path items: search is written before archive (the parsed
    // model sorts them by path, archive first).
    const lines: Record<string, number> = {
      '#/paths/~1stores': 1,
      '#/paths/~1stores~1{id}': 5,
      '#/paths/~1stores~1{id}~1search': 10,
      '#/paths/~1stores~1{id}~1archive': 20,
    };
    const at = (pointer: string) => ({ pointer, file: 'openapi.yaml', line: lines[pointer] });
    const { resources } = decideCalls(api, decidePaging(api), new NameRegistry(), at, tolerant());
    expect(resources.children[0]!.methods.map((m) => m.name)).toEqual([
      'create',
      'retrieve',
      'delete',
      'search',
      'archive',
    ]);
  });

  it('numbers a file met twice: a sub-resource named like its parent', () => {
    const api = parsedApi({
      operations: [
        parsedOperation('listPets', 'get', '/pets', { responses: [response('200', t.string())] }),
        parsedOperation('listPetPets', 'get', '/pets/{id}/pets', {
          parameters: [parameter('id', 'path')],
          responses: [response('200', t.string())],
        }),
      ],
    });
    const { resources } = decide(api);
    const top = resources.children[0]!;
    expect([top.file, top.children[0]!.file]).toEqual([
      'client/resources/pets/pets.ts',
      'client/resources/pets/pets-2.ts',
    ]);
  });

  it('claims class names beside the type names: a schema already called so gives the class a suffix', () => {
    const registry = new NameRegistry();
    registry.claim('VectorStores', "schema 'VectorStores'", {});
    expect(decide(model(), DEFAULT_SDK_NAMING, registry).resources.children[0]!.className).toBe(
      'VectorStoresResource',
    );
  });

  it('keeps calls named by x-sdk-call and by the config, under either rule', () => {
    const api = model();
    api.operations[0] = { ...api.operations[0]!, sdkCall: ['stores', 'all'] };
    const table = decide(api, { naming: 'operations', calls: { getVectorStore: 'stores.get' } });
    expect([table.sdkPaths.get('listVectorStores'), table.sdkPaths.get('getVectorStore')]).toEqual([
      ['stores', 'all'],
      ['stores', 'get'],
    ]);
    expect(table.sdkNaming).toBe('operations');
  });

  it('reports an x-sdk-call that is not resource.method and names the call by the rule', () => {
    const api = model();
    api.operations[2] = { ...api.operations[2]!, sdkCall: ['Bad Call'] };
    const diagnostics = tolerant();
    expect(
      decide(api, DEFAULT_SDK_NAMING, new NameRegistry(), diagnostics).sdkPaths.get('getVectorStore'),
    ).toEqual(['vectorStores', 'retrieve']);
    expect(diagnostics.warnings.map((w) => w.message)).toEqual([
      "SDK call 'Bad Call' of getVectorStore must be resource.method in camelCase",
    ]);
  });

  it('warns once a list whose paging fits no convention has its call', () => {
    const api = model();
    api.operations.push(
      parsedOperation('listOdd', 'get', '/odd', {
        parameters: [parameter('cursor', 'query')],
        responses: [response('200', t.array(t.string()))],
      }),
    );
    const diagnostics = tolerant();
    decide(api, DEFAULT_SDK_NAMING, new NameRegistry(), diagnostics);
    expect(diagnostics.warnings.map((w) => [w.code, w.fallback])).toEqual([
      ['pagination-fallback', 'client.odd.list is a plain method returning one page'],
    ]);
  });

  it('leaves the parsed model as it is', () => {
    const api = model();
    api.operations[0] = { ...api.operations[0]!, sdkCall: ['stores', 'all'] };
    const before = structuredClone(api);
    decide(api);
    expect(api).toEqual(before);
  });
});
