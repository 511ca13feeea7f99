/** All passes and the assembly (`runPasses`): the resolved model holds every decision, and the parsed one is untouched. */
import { describe, expect, it } from 'vitest';
import {
  parameter,
  parsedApi,
  parsedOperation,
  parsedSchema,
  response,
  t,
} from '../helpers/model-factory.ts';
import type { ParsedApi } from '../../generator/ir/api.ts';
import type { RequestBodyContent } from '../../generator/ir/body.ts';
import { runPasses } from '../../generator/passes/index.ts';
import { locate, strict } from './helpers.ts';

const content = (mediaType: string, kind: RequestBodyContent['kind']): RequestBodyContent => ({
  mediaType,
  kind,
  type: t.object({}),
});

function model(): ParsedApi {
  return parsedApi({
    servers: [
      {
        url: 'https://{host}/v1/',
        variables: [{ name: 'host', default: 'api.example.com' }],
        defaultUrl: 'https://api.example.com/v1/',
      },
    ],
    schemas: [parsedSchema('Thing', t.object({ id: t.string() }))],
    securitySchemes: [{ name: 'key', type: 'apiKey', in: 'header', parameterName: 'X-Key' }],
    operations: [
      parsedOperation('copyThing', 'post', '/things/{to}/{from}', {
        area: 'things',
        // Parameters in the model's order (by location, then name); the path names `to` first.
        parameters: [
          parameter('from', 'path'),
          parameter('to', 'path'),
          parameter('Limit', 'query', t.integer(), { component: 'Limit' }),
        ],
        requestBody: {
          required: true,
          contents: [content('application/json', 'json'), content('multipart/form-data', 'multipart')],
        },
        responses: [response('201', t.ref('Thing')), response('2XX'), response('default')],
      }),
      parsedOperation('streamThing', 'post', '/things/stream', {
        area: 'things',
        requestBody: { required: true, contents: [content('application/json', 'json')] },
        responses: [
          {
            status: '200',
            description: '',
            headers: [],
            contents: [
              { mediaType: 'application/json', kind: 'json', type: t.ref('Thing') },
              {
                mediaType: 'text/event-stream',
                kind: 'sse',
                when: t.object({ stream: t.literal(true) }, ['stream']),
                sse: { framing: 'data-only', events: [] },
              },
            ],
          },
        ],
      }),
      parsedOperation('putRaw', 'put', '/raw', {
        requestBody: {
          required: true,
          contents: [content('application/octet-stream', 'binary'), content('text/plain', 'text')],
        },
        responses: [response('204')],
      }),
      parsedOperation('listThings', 'get', '/things', {
        area: 'things',
        security: [[{ scheme: 'key', scopes: [] }]],
        responses: [response('200', t.object({ object: t.literal('list'), data: t.array(t.ref('Thing')) }))],
      }),
    ],
    webhooks: [
      {
        name: 'thing.done',
        method: 'post',
        headers: [parameter('webhook-id', 'header')],
        responses: [],
        pointer: '#/webhooks/thing.done/post',
      },
    ],
  });
}

describe('runPasses', () => {
  const api = runPasses(model(), locate, strict());
  const op = (id: string) => api.operations.find((o) => o.operationId === id)!;

  it('decides the success response once: the first 2xx by status, one of the responses', () => {
    expect(op('copyThing').success?.status).toBe('201');
    expect(op('copyThing').responses).toContain(op('copyThing').success);
    expect(op('putRaw').success?.status).toBe('204');
  });

  it('decides the default success content and the variants a request selects, with their selectors', () => {
    const stream = op('streamThing');
    expect(stream.successDefault?.mediaType).toBe('application/json');
    expect(stream.successVariants.map((c) => [c.mediaType, c.selector])).toEqual([
      ['text/event-stream', [{ field: 'stream', values: [true] }]],
    ]);
    expect(op('copyThing').successVariants).toEqual([]);
  });

  it('decides the body mode and the media type of a raw body', () => {
    expect([op('copyThing').bodyMode, op('copyThing').rawContentType]).toEqual(['json|multipart', undefined]);
    expect([op('putRaw').bodyMode, op('putRaw').rawContentType]).toEqual(['text', 'text/plain']);
    expect(op('listThings').bodyMode).toBeUndefined();
  });

  it('orders path parameters as the path names them, with their identifiers and readers', () => {
    expect(op('copyThing').pathParameters.map((p) => [p.name, p.identifier])).toEqual([
      ['to', 'to'],
      ['from', 'from'],
    ]);
    expect(op('copyThing').parameters.find((p) => p.name === 'Limit')).toMatchObject({
      identifier: 'Limit',
      reader: 'readLimitParameter',
    });
  });

  it('decides the list kind, the paging, the SDK call and the names of every operation', () => {
    expect(op('listThings').list?.kind).toBe('envelope');
    expect(op('listThings').paging).toEqual({ kind: 'envelope', items: ['data'] });
    expect(op('listThings').pageItem).toEqual(t.ref('Thing'));
    expect(op('listThings').sdkPath).toEqual(['things', 'list']);
    expect(op('copyThing').names.response).toBe('Thing');
  });

  it('decides where a credential other than a bearer token goes', () => {
    expect(op('listThings').credential).toEqual({ kind: 'apiKey', in: 'header', name: 'X-Key' });
    expect(op('copyThing').credential).toBeUndefined();
  });

  it('decides the base path from the first server, variables at their defaults', () => {
    expect(api.basePath).toBe('/v1');
  });

  it('gives every schema its type name, area and validators, every area its files', () => {
    expect(api.schemas[0]).toMatchObject({
      typeName: 'Thing',
      area: 'things',
      validators: { is: 'isThing', check: 'checkThing' },
    });
    expect(api.areas.find((a) => a.slug === 'things')?.files).toEqual({
      types: 'types/things.ts',
      schemaValidators: 'validators/schemas/things.ts',
      requestValidators: 'validators/requests/things.ts',
      docs: [{ file: 'docs/things.md', from: 0, to: 200 }],
    });
  });

  it('names a webhook and its headers (their wire names) and the client', () => {
    expect(api.webhooks[0]).toMatchObject({
      typeName: 'ThingDoneWebhook',
      headers: [{ name: 'webhook-id', identifier: 'webhook-id' }],
    });
    expect([api.clientName, api.envPrefix]).toEqual(['TestClient', 'TEST_']);
  });

  it('leaves the parsed model as it is', () => {
    const parsed = model();
    const before = structuredClone(parsed);
    runPasses(parsed, locate, strict());
    expect(parsed).toEqual(before);
  });
});
