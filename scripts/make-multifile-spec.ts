/**
 * Writes a synthetic multi-file OpenAPI 3.0 spec: `--resources N` resources with five operations each (list,
 * create, retrieve, update, delete), one path file per resource and one schema file per schema, referenced by
 * relative path and never declared under the root's `components` (the layout the loader hoists into named
 * components). Some schemas are recursive, some shared by every resource.
 *   tsx scripts/make-multifile-spec.ts --out DIR [--resources 80]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';

export function makeMultiFileSpec(out: string, resources: number): string {
  rmSync(out, { recursive: true, force: true });
  for (const d of ['paths', 'schemas', 'schemas/common']) mkdirSync(path.join(out, d), { recursive: true });
  const write = (file: string, value: unknown) => writeFileSync(path.join(out, file), stringify(value));
  write('schemas/common/error.yaml', {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' }, code: { type: 'string', nullable: true } },
  });
  write('schemas/common/page-info.yaml', {
    type: 'object',
    properties: { next: { type: 'string', nullable: true }, total: { type: 'integer', minimum: 0 } },
  });
  write('schemas/common/tag-tree.yaml', {
    type: 'object',
    properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: './tag-tree.yaml' } } },
  });
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < resources; i++) {
    const name = `widget-${String(i).padStart(3, '0')}`;
    const type = `Widget${i}`;
    write(`schemas/${name}.yaml`, {
      type: 'object',
      required: ['id', 'status'],
      properties: {
        id: { type: 'string', pattern: '^[a-z0-9_-]+$' },
        status: { type: 'string', enum: ['draft', 'live', 'archived'] },
        size: { type: 'integer', minimum: 0, maximum: 1000 },
        tags: { $ref: './common/tag-tree.yaml' },
        parent: { $ref: `./${name}.yaml` },
        sibling: { $ref: `./widget-${String((i + 1) % resources).padStart(3, '0')}.yaml` },
      },
    });
    write(`schemas/${name}-list.yaml`, {
      type: 'object',
      properties: {
        data: { type: 'array', items: { $ref: `./${name}.yaml` } },
        page: { $ref: './common/page-info.yaml' },
      },
    });
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    const json = (ref: string) => ({ 'application/json': { schema: { $ref: ref } } });
    const error = { description: 'error', content: json('../schemas/common/error.yaml') };
    write(`paths/${name}.yaml`, {
      collection: {
        get: {
          operationId: `list${type}`,
          tags: [name],
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'ok', content: json(`../schemas/${name}-list.yaml`) },
            default: error,
          },
        },
        post: {
          operationId: `create${type}`,
          tags: [name],
          requestBody: { required: true, content: json(`../schemas/${name}.yaml`) },
          responses: {
            '201': { description: 'created', content: json(`../schemas/${name}.yaml`) },
            default: error,
          },
        },
      },
      item: {
        parameters: [id],
        get: {
          operationId: `get${type}`,
          tags: [name],
          responses: {
            '200': { description: 'ok', content: json(`../schemas/${name}.yaml`) },
            default: error,
          },
        },
        patch: {
          operationId: `update${type}`,
          tags: [name],
          requestBody: { content: json(`../schemas/${name}.yaml`) },
          responses: {
            '200': { description: 'ok', content: json(`../schemas/${name}.yaml`) },
            default: error,
          },
        },
        delete: {
          operationId: `delete${type}`,
          tags: [name],
          responses: { '204': { description: 'deleted' }, default: error },
        },
      },
    });
    paths[`/${name}s`] = { $ref: `./paths/${name}.yaml#/collection` };
    paths[`/${name}s/{id}`] = { $ref: `./paths/${name}.yaml#/item` };
  }
  write('openapi.yaml', {
    openapi: '3.0.3',
    info: { title: 'Synthetic multi-file API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.test/v1' }],
    paths,
  });
  return path.join(out, 'openapi.yaml');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, resources: { type: 'string' } } });
  if (!values.out) {
    console.error('usage: tsx scripts/make-multifile-spec.ts --out DIR [--resources 80]');
    process.exit(2);
  }
  console.log(makeMultiFileSpec(values.out, Number(values.resources ?? 80)));
}
