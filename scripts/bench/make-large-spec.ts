/**
 * Writes a large public-style OpenAPI 3.1 document (not our API): `resources` CRUD resources, each with
 * list/create/retrieve/update/delete and a nested sub-resource, enums, nullable fields, unions and refs.
 * Used by `npm run bench:generate` to show how generation time grows with size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';

export function makeLargeSpec(resources: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
  for (let i = 0; i < resources; i++) {
    const name = `Thing${i}`;
    const coll = `/things_${i}`;
    schemas[name] = {
      type: 'object',
      description: `Resource number ${i}.`,
      required: ['id', 'object', 'status', 'created_at'],
      properties: {
        id: { type: 'string' },
        object: { type: 'string', const: `thing_${i}` },
        status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
        created_at: { type: 'integer' },
        name: { type: ['string', 'null'], maxLength: 256 },
        metadata: {
          type: ['object', 'null'],
          additionalProperties: { type: 'string', maxLength: 512 },
          maxProperties: 16,
        },
        parent: { oneOf: [{ $ref: `#/components/schemas/${name}` }, { type: 'null' }] },
        shape: {
          oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }],
          discriminator: { propertyName: 'type' },
        },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 20 },
      },
    };
    schemas[`${name}Create`] = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 256 },
        size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
        mode: { anyOf: [{ type: 'string', enum: ['fast', 'slow'] }, { type: 'string' }] },
      },
    };
    schemas[`${name}List`] = {
      type: 'object',
      required: ['object', 'data', 'has_more'],
      properties: {
        object: { const: 'list' },
        data: { type: 'array', items: { $ref: `#/components/schemas/${name}` } },
        has_more: { type: 'boolean' },
        first_id: { type: ['string', 'null'] },
        last_id: { type: ['string', 'null'] },
      },
    };
    const tags = [`Area ${i % 12}`];
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    paths[coll] = {
      get: {
        operationId: `listThings${i}`,
        tags,
        summary: 'List',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'after', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok', content: json(`${name}List`) } },
      },
      post: {
        operationId: `createThing${i}`,
        tags,
        summary: 'Create',
        requestBody: { required: true, content: json(`${name}Create`) },
        responses: { '200': { description: 'ok', content: json(name) } },
      },
    };
    paths[`${coll}/{id}`] = {
      get: {
        operationId: `retrieveThing${i}`,
        tags,
        parameters: [idParam],
        responses: { '200': { description: 'ok', content: json(name) } },
      },
      post: {
        operationId: `updateThing${i}`,
        tags,
        parameters: [idParam],
        requestBody: { content: json(`${name}Create`) },
        responses: { '200': { description: 'ok', content: json(name) } },
      },
      delete: {
        operationId: `deleteThing${i}`,
        tags,
        parameters: [idParam],
        responses: { '200': { description: 'ok' } },
      },
    };
    paths[`${coll}/{id}/cancel`] = {
      post: {
        operationId: `cancelThing${i}`,
        tags,
        parameters: [idParam],
        responses: { '200': { description: 'ok', content: json(name) } },
      },
    };
  }
  schemas.Circle = {
    type: 'object',
    required: ['type'],
    properties: { type: { const: 'circle' }, r: { type: 'number' } },
  };
  schemas.Square = {
    type: 'object',
    required: ['type'],
    properties: { type: { const: 'square' }, side: { type: 'number' } },
  };
  return { openapi: '3.1.0', info: { title: 'Large', version: '1' }, paths, components: { schemas } };
}

/** Writes the spec and returns its path and operation count (6 per resource). */
export function writeLargeSpec(dir: string, resources: number): { file: string; operations: number } {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `large-${resources}.yaml`);
  writeFileSync(file, stringify(makeLargeSpec(resources)));
  return { file, operations: resources * 6 };
}
