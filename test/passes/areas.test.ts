/** The areas pass on parsed models built with the factory: which area each schema, machine and gap belongs to. */
import { describe, expect, it } from 'vitest';
import {
  parameter,
  parsedApi,
  parsedMachine,
  parsedOperation,
  parsedSchema,
  response,
  t,
} from '../helpers/model-factory.ts';
import type { ParsedApi } from '../../generator/ir/api.ts';
import { decideAreas } from '../../generator/passes/areas.ts';

function model(): ParsedApi {
  return parsedApi({
    tags: [{ name: 'Vector stores', area: 'vector-stores' }],
    schemas: [
      parsedSchema('File', t.object({ id: t.string() })),
      parsedSchema('Orphan', t.string()),
      parsedSchema('Store', t.object({ files: t.array(t.ref('File')) })),
      parsedSchema('Video', t.object({ id: t.string() })),
    ],
    operations: [
      parsedOperation('getStore', 'get', '/vector_stores/{id}', {
        area: 'vector-stores',
        tags: ['Vector stores'],
        parameters: [parameter('id', 'path')],
        responses: [response('200', t.ref('Store'))],
      }),
      // A 4xx answer does not make its schema part of the area.
      parsedOperation('getVideo', 'get', '/videos/{id}', {
        area: 'videos',
        parameters: [parameter('id', 'path')],
        responses: [response('200', t.ref('Video')), response('404', t.ref('File'))],
      }),
    ],
    stateMachines: [parsedMachine('video', { schema: 'Video' })],
    notShown: [
      { pointer: '#/components/schemas/Store/properties/files', subject: 'schema Store.files', text: 'b' },
      { pointer: '#/paths/~1videos~1{id}/get', subject: 'operation getVideo', area: 'videos', text: 'a' },
    ],
  });
}

describe('decideAreas', () => {
  it('gives a schema the area of the operations that reach it, through references, and common otherwise', () => {
    const { schemas } = decideAreas(model());
    expect(Object.fromEntries(schemas)).toEqual({
      File: 'vector-stores',
      Orphan: 'common',
      Store: 'vector-stores',
      Video: 'videos',
    });
  });

  it('puts a schema two areas reach in common', () => {
    const api = model();
    api.operations.push(
      parsedOperation('listFiles', 'get', '/videos/{id}/files', {
        area: 'videos',
        responses: [response('200', t.ref('File'))],
      }),
    );
    expect(decideAreas(api).schemas.get('File')).toBe('common');
  });

  it('gives a state machine the area of its schema', () => {
    expect(decideAreas(model()).machines.get('video')).toBe('videos');
  });

  it("places a gap inside a named schema in the schema's area and sorts the gaps by area, pointer, text", () => {
    const { notShown } = decideAreas(model());
    expect(notShown.map((n) => [n.area, n.text])).toEqual([
      ['vector-stores', 'b'],
      ['videos', 'a'],
    ]);
  });

  it('lists common first, then tags, operations, webhooks and schemas, titled by the first tag', () => {
    const api = model();
    api.webhooks.push({
      name: 'video.done',
      method: 'post',
      headers: [],
      responses: [],
      pointer: '#/webhooks/video.done/post',
    });
    expect(decideAreas(api).areas).toEqual([
      { slug: 'common', title: 'Common' },
      { slug: 'vector-stores', title: 'Vector stores' },
      { slug: 'videos', title: 'videos' },
      { slug: 'webhooks', title: 'Webhooks' },
    ]);
  });

  it('leaves the parsed model as it is', () => {
    const api = model();
    const before = structuredClone(api);
    decideAreas(api);
    expect(api).toEqual(before);
  });
});
