/**
 * The pointer map from a converted Swagger 2.0 document back to the 2.0 document: given (pointer in the converted
 * document) → want (pointer in the 2.0 document), on a 2.0 document and its conversion by swagger2openapi.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createSwagger2PointerMap } from '../../generator/load/swagger2-pointers.ts';

const source = {
  swagger: '2.0',
  info: { title: 'T', version: '1' },
  host: 'api.example.test',
  parameters: {
    Limit: { name: 'limit', in: 'query', type: 'integer' },
    Shared: { name: 'b', in: 'body', schema: { type: 'object' } },
  },
  responses: { NotFound: { description: 'nf', schema: { $ref: '#/definitions/Error' } } },
  securityDefinitions: {
    code: {
      type: 'oauth2',
      flow: 'accessCode',
      authorizationUrl: 'https://a.test',
      tokenUrl: 'https://t.test',
      scopes: {},
    },
  },
  definitions: {
    Pet: { type: 'object', properties: { tag: { type: 'string', 'x-nullable': true } } },
    Error: { type: 'object' },
  },
  paths: {
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
      post: {
        parameters: [
          { name: 'pet', in: 'body', schema: { $ref: '#/definitions/Pet' } },
          { $ref: '#/parameters/Limit' },
          { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'csv' },
        ],
        responses: {
          '200': {
            description: 'ok',
            schema: { type: 'array', items: { type: 'string' } },
            headers: { 'X-Rate': { type: 'integer' } },
          },
          '404': { $ref: '#/responses/NotFound' },
        },
      },
      put: {
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'file', in: 'formData', type: 'file' },
          { name: 'caption', in: 'formData', type: 'string', maxLength: 9 },
        ],
        responses: { '204': { description: 'done' } },
      },
    },
    '/a': {
      post: { parameters: [{ $ref: '#/parameters/Shared' }], responses: { '204': { description: 'd' } } },
    },
    '/b': {
      post: { parameters: [{ $ref: '#/parameters/Shared' }], responses: { '204': { description: 'd' } } },
    },
  },
};

const { convertObj } = createRequire(import.meta.url)('swagger2openapi') as {
  convertObj: (s: unknown, o: object) => Promise<{ openapi: Record<string, unknown> }>;
};
const converted = (await convertObj(structuredClone(source), { patch: true, warnOnly: true, text: '-' }))
  .openapi;
const toSource = createSwagger2PointerMap(converted, source);

describe('createSwagger2PointerMap', () => {
  it.each([
    ['#', '#'],
    ['#/openapi', '#/swagger'],
    ['#/servers/0/url', '#/host'],
    ['#/info/title', '#/info/title'],
    ['#/components/schemas/Pet/properties/tag/type', '#/definitions/Pet/properties/tag/type'],
    ['#/components/schemas/Pet/properties/tag/nullable', '#/definitions/Pet/properties/tag/x-nullable'],
    ['#/components/parameters/Limit', '#/parameters/Limit'],
    ['#/components/parameters/Limit/schema/type', '#/parameters/Limit/type'],
    ['#/components/responses/NotFound/content/application~1json/schema', '#/responses/NotFound/schema'],
    [
      '#/components/securitySchemes/code/flows/authorizationCode/tokenUrl',
      '#/securityDefinitions/code/tokenUrl',
    ],
    // A body parameter's schema, under the request body's content.
    [
      '#/paths/~1pets~1{id}/post/requestBody/content/application~1json/schema/properties/x',
      '#/paths/~1pets~1{id}/post/parameters/0/schema/properties/x',
    ],
    ['#/paths/~1pets~1{id}/post/requestBody', '#/paths/~1pets~1{id}/post/parameters/0'],
    // The body left the parameter list: indexes shift, matched by name and place.
    ['#/paths/~1pets~1{id}/post/parameters/0', '#/paths/~1pets~1{id}/post/parameters/1'],
    [
      '#/paths/~1pets~1{id}/post/parameters/1/schema/items/type',
      '#/paths/~1pets~1{id}/post/parameters/2/items/type',
    ],
    [
      '#/paths/~1pets~1{id}/post/parameters/1/explode',
      '#/paths/~1pets~1{id}/post/parameters/2/collectionFormat',
    ],
    ['#/paths/~1pets~1{id}/parameters/0/schema/type', '#/paths/~1pets~1{id}/parameters/0/type'],
    [
      '#/paths/~1pets~1{id}/post/responses/200/content/application~1json/schema/items',
      '#/paths/~1pets~1{id}/post/responses/200/schema/items',
    ],
    [
      '#/paths/~1pets~1{id}/post/responses/200/headers/X-Rate/schema/type',
      '#/paths/~1pets~1{id}/post/responses/200/headers/X-Rate/type',
    ],
    // A form field is the formData parameter of that name.
    [
      '#/paths/~1pets~1{id}/put/requestBody/content/multipart~1form-data/schema/properties/caption/maxLength',
      '#/paths/~1pets~1{id}/put/parameters/1/maxLength',
    ],
    [
      '#/paths/~1pets~1{id}/put/requestBody/content/multipart~1form-data/schema',
      '#/paths/~1pets~1{id}/put/parameters/0',
    ],
    // A request body the conversion shared between two operations: the first one's body parameter, where written.
    ['#/components/requestBodies/B/content/application~1json/schema/type', '#/parameters/Shared/schema/type'],
  ])('%s → %s', (given, want) => {
    expect(toSource(given)).toBe(want);
  });

  it('the conversion shared the body of /a and /b (the case above is real)', () => {
    const paths = converted.paths as Record<string, { post: { requestBody: unknown } }>;
    expect(paths['/a']!.post.requestBody).toEqual({ $ref: '#/components/requestBodies/B' });
  });
});
