/**
 * Every validation error carries a `schemaPath` (ajv's meaning: the JSON pointer, as a URI fragment, of the schema
 * keyword the value broke), here a pointer into the spec as bundled. Checked three ways: each one resolves to a
 * keyword the spec has, over many wrong requests to every operation of our spec; a helper shared by identical
 * schemas names the place it was called for; the table-driven check of large objects does too.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../generator/ir/api.ts';
import { propertiesOf } from '../../generator/ir/queries.ts';
import { loadSpec } from '../../generator/load/index.ts';
import { buildIr } from '../../generator/pipeline.ts';
import * as ours from '../../generated/validators/index.ts';
import { FIXTURE, generateFixture, root } from './fixture.ts';
import { unresolved } from './schema-paths.ts';

interface Failure {
  path: string;
  code: string;
  schemaPath: string;
}
type Validate = (op: string, input: Record<string, unknown>) => { ok: boolean; errors?: Failure[] };

/** Values of every JSON type but the one a property most likely has, and some that break common limits. */
const WRONG: unknown[] = [12345, -1, 'x', '', [], [1, 1], {}, null, true, 'x'.repeat(70_000)];

/** Every error's schemaPath for many wrong requests to every operation of `specPath` (schemaPath → an example). */
function schemaPaths(api: Api, validate: Validate): Map<string, string> {
  const seen = new Map<string, string>();
  for (const op of api.operations) {
    const inputs: Record<string, unknown>[] = [{}, { body: 'not an object' }, { body: {} }];
    const content = op.requestBody?.contents[0];
    const fields = content ? propertiesOf(api, content.type).map((p) => p.name) : [];
    for (const field of fields)
      for (const value of WRONG)
        inputs.push({ body: { [field]: value }, ...(content ? { mediaType: content.mediaType } : {}) });
    for (const p of op.parameters.filter((x) => x.in === 'query' || x.in === 'header'))
      for (const value of ['x', '-1', '', 'x'.repeat(600)])
        inputs.push({
          [p.in === 'query' ? 'query' : 'headers']: {
            [p.in === 'header' ? p.name.toLowerCase() : p.name]: value,
          },
        });
    for (const input of inputs) {
      const result = validate(op.operationId, input);
      for (const e of result.errors ?? []) seen.set(e.schemaPath, `${op.operationId} ${e.path} ${e.code}`);
    }
  }
  return seen;
}

describe('schemaPath', () => {
  it('names a keyword the spec has, for every error of many wrong requests to every operation', async () => {
    const api = await buildIr('spec/openapi.yaml');
    const seen = schemaPaths(api, ours.validateRequest as unknown as Validate);
    expect(seen.size).toBeGreaterThan(100);
    const document = (await loadSpec('spec/openapi.yaml')).document;
    expect(unresolved(document, seen), 'schemaPaths that name nothing in the spec').toEqual([]);
  });

  it('names a keyword the spec has on the validators fixture (rules, tuples, not, dependentRequired...)', async () => {
    const out = await generateFixture('schema-path-fixture', FIXTURE, ['types', 'validators']);
    const validate = ((await import(`${out}/validators/index.ts`)) as { validateRequest: Validate })
      .validateRequest;
    const seen = schemaPaths(await buildIr(FIXTURE), validate);
    expect(seen.size).toBeGreaterThan(50);
    const document = (await loadSpec(FIXTURE)).document;
    expect(unresolved(document, seen), 'schemaPaths that name nothing in the spec').toEqual([]);
  });

  describe('on a spec with identical schemas in several places', () => {
    let validate: Validate;
    beforeAll(async () => {
      const pair = {
        type: 'object',
        required: ['x'],
        properties: { x: { type: 'string', maxLength: 2 }, y: { type: 'array', items: { type: 'integer' } } },
      };
      const big = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, { type: 'string' }]));
      const spec = {
        openapi: '3.1.0',
        info: { title: 'Paths', version: '1' },
        paths: {
          '/pairs': {
            post: {
              operationId: 'createPair',
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        a: pair,
                        b: pair,
                        big: { $ref: '#/components/schemas/Big' },
                        solo: {
                          type: 'object',
                          properties: { n: { type: 'integer', maximum: 3 }, e: { enum: ['on', 'off'] } },
                        },
                      },
                    },
                  },
                },
              },
              responses: { '204': { description: 'created' } },
            },
          },
        },
        components: {
          schemas: {
            Big: { type: 'object', required: Object.keys(big), properties: { ...big, inner: pair } },
          },
        },
      };
      const dir = path.join(root, '.tmp/test/schema-path-spec');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(spec));
      const out = await generateFixture('schema-path', path.join(dir, 'openapi.json'), [
        'types',
        'validators',
      ]);
      validate = ((await import(`${out}/validators/index.ts`)) as { validateRequest: Validate })
        .validateRequest;
      shared = readFileSync(path.join(out, 'validators/shared.ts'), 'utf8');
    });
    let shared: string;
    const errorsOf = (body: unknown) => {
      const r = validate('createPair', { body });
      expect(r.ok).toBe(false);
      return r.errors!.map((e) => [e.path, e.schemaPath]);
    };
    const body = '#/paths/~1pairs/post/requestBody/content/application~1json/schema';

    it('a helper shared by both places names the one it checked', () => {
      expect(errorsOf({ a: { x: 'too long' }, b: { x: 'ok', y: [1, 'z'] } })).toEqual([
        ['/body/a/x', `${body}/properties/a/properties/x/maxLength`],
        ['/body/b/y/1', `${body}/properties/b/properties/y/items/type`],
      ]);
      expect(errorsOf({ a: {}, b: 'x' })).toEqual([
        ['/body/a/x', `${body}/properties/a/required`],
        ['/body/b', `${body}/properties/b/type`],
      ]);
    });

    it('a schema written at one place is checked by a helper that knows it (no place passed, none joined)', () => {
      expect(errorsOf({ solo: { n: 5, e: 'dim' } })).toEqual([
        ['/body/solo/e', `${body}/properties/solo/properties/e/enum`],
        ['/body/solo/n', `${body}/properties/solo/properties/n/maximum`],
      ]);
      expect(shared).toMatch(
        /export function checkCreatePairBodySolo\(v: unknown, p: string, c: Ctx\): void/,
      );
      // The shared pair's helper is still told where each copy is.
      expect(shared).toMatch(/export function check\w+\(v: unknown, p: string, c: Ctx, s: string\): void/);
    });

    it('a large object checked from a table names its keywords, and those of its shared members', () => {
      const fields = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 's']));
      expect(
        errorsOf({ big: { ...fields, p0: undefined, p3: 3, inner: { x: 'too long' } } }).sort(([a], [b]) =>
          a! < b! ? -1 : 1,
        ),
      ).toEqual([
        ['/body/big/inner/x', '#/components/schemas/Big/properties/inner/properties/x/maxLength'],
        ['/body/big/p0', '#/components/schemas/Big/required'],
        ['/body/big/p3', '#/components/schemas/Big/properties/p3/type'],
      ]);
    });
  });
});
