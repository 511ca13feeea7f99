import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { fakeFromSchema, FakeSchemaError } from '../../../templates/emulator/fakes/index.js';
import { componentSchemas, document, validatorOf } from './spec.ts';
import { GITHUB_SPEC } from '../../helpers/public-specs.ts';
import { asJsonSchema } from '../oracle.ts';

const strict2020 = () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
};

describe('fakeFromSchema on our spec', () => {
  it('gives a valid value for every component schema, for several seeds', () => {
    const failures: string[] = [];
    for (const name of Object.keys(componentSchemas)) {
      const valid = validatorOf(name);
      for (const seed of [1, 2, 'x']) {
        const value = fakeFromSchema(componentSchemas[name], seed, { root: document });
        if (!valid(value))
          failures.push(
            `${name} (seed ${seed}): ${valid.errors()} in ${JSON.stringify(value).slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(Object.keys(componentSchemas).length).toBeGreaterThan(200);
  });

  it('is deterministic for a seed, and seeds differ', () => {
    const schema = componentSchemas.Batch;
    expect(fakeFromSchema(schema, 42, { root: document })).toEqual(
      fakeFromSchema(schema, 42, { root: document }),
    );
    const values = new Set(
      [1, 2, 3, 4, 5].map((seed) => JSON.stringify(fakeFromSchema(schema, seed, { root: document }))),
    );
    expect(values.size).toBeGreaterThan(1);
  });
});

describe('fakeFromSchema on GitHub’s spec (OpenAPI 3.0)', () => {
  it('gives a valid value for every component schema', () => {
    const github = JSON.parse(readFileSync(GITHUB_SPEC, 'utf8')) as {
      components: { schemas: Record<string, unknown> };
    };
    // inlineRefs: false compiles each referenced schema once, not once per schema that reaches it.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, inlineRefs: false });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    ajv.addSchema({ components: asJsonSchema(github.components), $id: 'https://github.test/api' });
    const failures: string[] = [];
    const names = Object.keys(github.components.schemas);
    for (const name of names) {
      const validate = ajv.compile({ $ref: `https://github.test/api#/components/schemas/${name}` });
      const value = fakeFromSchema(github.components.schemas[name], name, { root: github });
      if (!validate(value)) failures.push(`${name}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
    expect(names.length).toBeGreaterThan(900);
  });
});

describe('fakeFromSchema choices', () => {
  const fake = (schema: unknown, seed: string | number = 1, options = {}) =>
    fakeFromSchema(schema, seed, options);

  it('takes const, then a fitting example, then enum, then default', () => {
    expect(fake({ const: 'c', examples: ['e'], enum: ['c'], default: 'c' })).toBe('c');
    expect(fake({ type: 'string', examples: ['e1'], enum: ['e1', 'x'], default: 'x' })).toBe('e1');
    expect(fake({ type: 'integer', example: 7 })).toBe(7);
    expect(fake({ type: 'string', enum: ['only'], default: 'only' })).toBe('only');
    expect(fake({ type: 'number', default: 1.5 })).toBe(1.5);
    // An example that breaks the schema (a quoted date) is not used.
    const date = fake({ type: 'string', format: 'date-time', example: '"2007-10-29T02:42:39.000-07:00"' });
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(fake({ type: 'string', enum: ['a', 'b'], default: 'zzz' })).toMatch(/^[ab]$/);
  });

  it('generates every format ajv-formats checks, valid', () => {
    const ajv = strict2020();
    for (const format of [
      'date-time',
      'date',
      'time',
      'duration',
      'email',
      'uri',
      'uri-reference',
      'uri-template',
      'hostname',
      'ipv4',
      'ipv6',
      'uuid',
      'byte',
      'json-pointer',
      'relative-json-pointer',
      'regex',
      'password',
      'int32',
      'int64',
      'binary',
    ]) {
      const schema = { type: 'string', format };
      for (const seed of [1, 2, 3])
        expect(
          ajv.validate(schema, fake(schema, seed)),
          `${format}: ${JSON.stringify(fake(schema, seed))}`,
        ).toBe(true);
    }
  });

  it('meets patterns, lengths, bounds and multiples', () => {
    const ajv = strict2020();
    const schemas = [
      { type: 'string', pattern: '^[a-z]{3}-\\d{2,4}$' },
      { type: 'string', pattern: '^(ftp|https?)://[^\\s/]+\\.example\\.org/[A-Z0-9_]+$' },
      { type: 'string', pattern: '^file-[a-zA-Z0-9]{24}$' },
      { type: 'string', pattern: '^(?:[0-9a-f]{2}:){5}[0-9a-f]{2}$' },
      { type: 'string', pattern: '^[^@\\s]+@[\\w.-]+$', maxLength: 30 },
      { type: 'string', pattern: '^\\u00e9+\\x41?$' },
      { type: 'string', pattern: 'contains-this' },
      { type: 'string', minLength: 40 },
      { type: 'string', maxLength: 2 },
      { type: 'integer', minimum: 5, maximum: 5 },
      { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 2 },
      { type: 'number', minimum: 0.1, maximum: 0.2 },
      { type: 'number', multipleOf: 0.25, minimum: 1, maximum: 2 },
      { type: 'integer', multipleOf: 7, minimum: 100 },
      { type: 'number', exclusiveMaximum: -1000 },
    ];
    for (const schema of schemas) {
      for (const seed of [1, 2, 3, 4])
        expect(
          ajv.validate(schema, fake(schema, seed)),
          `${JSON.stringify(schema)} → ${JSON.stringify(fake(schema, seed))}`,
        ).toBe(true);
    }
  });

  it('builds arrays and objects: lengths, uniqueness, tuples, maps, required, dependentRequired, min/maxProperties', () => {
    const ajv = strict2020();
    const schemas = [
      { type: 'array', items: { type: 'integer', minimum: 0, maximum: 3 }, minItems: 4, uniqueItems: true },
      { type: 'array', prefixItems: [{ const: 'a' }, { type: 'integer' }], items: false },
      { type: 'array', contains: { const: 'needle' }, items: { type: 'string' } },
      { type: 'array', items: { type: 'string' }, maxItems: 0 },
      { type: 'object', additionalProperties: { type: 'integer' }, minProperties: 3 },
      {
        type: 'object',
        patternProperties: { '^x-[a-z]+$': { type: 'boolean' } },
        additionalProperties: false,
        minProperties: 2,
      },
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        dependentRequired: { a: ['b'] },
        required: ['a'],
      },
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
        maxProperties: 1,
        required: ['c'],
      },
      {
        type: 'object',
        required: ['undeclared'],
        additionalProperties: false,
        properties: { undeclared: true },
      },
      { type: ['null', 'string'] },
      { type: 'string', nullable: true },
      { type: 'object', properties: { never: false, a: { type: 'integer' } }, minProperties: 1 },
      {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer' }, c: { type: 'integer' } },
        additionalProperties: false,
        minProperties: 3,
      },
    ];
    for (const schema of schemas) {
      for (const seed of [1, 2, 3])
        expect(
          ajv.validate(schema, fake(schema, seed)),
          `${JSON.stringify(schema)} → ${JSON.stringify(fake(schema, seed))}`,
        ).toBe(true);
    }
    expect(fake({ type: ['null', 'string'] })).not.toBeNull();
  });

  it('picks oneOf branches the others refuse, honours discriminators, merges allOf, and applies if/then/else', () => {
    const ajv = strict2020();
    const xor = {
      type: 'object',
      properties: { url: { type: 'string' }, id: { type: 'string' } },
      oneOf: [{ required: ['url'] }, { required: ['id'] }],
    };
    const pets = {
      oneOf: [{ $ref: '#/$defs/cat' }, { $ref: '#/$defs/dog' }],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/cat', dog: '#/$defs/dog' } },
      $defs: {
        cat: {
          type: 'object',
          required: ['kind', 'meows'],
          properties: { kind: { type: 'string' }, meows: { type: 'boolean' } },
        },
        dog: {
          type: 'object',
          required: ['kind', 'barks'],
          properties: { kind: { type: 'string' }, barks: { type: 'boolean' } },
        },
      },
    };
    const merged = {
      allOf: [
        { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] },
        { properties: { a: { minimum: 10, maximum: 12 }, b: { const: 1 } }, required: ['b'] },
      ],
    };
    const conditional = {
      type: 'object',
      properties: {
        model: { enum: ['small', 'large'] },
        size: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['model', 'size'],
      if: { properties: { model: { const: 'small' } } },
      then: { properties: { size: { maximum: 10 } } },
      else: { properties: { size: { minimum: 50 } } },
    };
    const forbidding = {
      type: 'object',
      properties: { model: { enum: ['tts-1', 'tts-2'] }, instructions: { type: 'string', const: 'say it' } },
      required: ['model'],
      if: { properties: { model: { const: 'tts-1' } } },
      then: { not: { required: ['instructions'] } },
    };
    for (const schema of [xor, pets, merged, conditional, forbidding]) {
      for (let seed = 0; seed < 12; seed++) {
        const value = fake(schema, seed, { root: schema });
        expect(ajv.validate(schema, value), `${JSON.stringify(value)}: ${ajv.errorsText()}`).toBe(true);
      }
    }
    const kinds = new Set(
      Array.from({ length: 12 }, (_, seed) => (fake(pets, seed, { root: pets }) as { kind: string }).kind),
    );
    expect(kinds).toEqual(new Set(['cat', 'dog']));
  });

  it('resolves $ref through `resolve` first, then `root`; leaves out readOnly or writeOnly properties on request', () => {
    const resolve = (ref: string) =>
      ref === 'ext:Name' ? { type: 'string', const: 'from resolve' } : undefined;
    expect(fake({ $ref: 'ext:Name' }, 1, { resolve })).toBe('from resolve');
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', readOnly: true, const: 'x' },
        secret: { type: 'string', writeOnly: true, const: 's' },
      },
    };
    expect(fake(schema, 1, { omit: 'readOnly' })).not.toHaveProperty('id');
    expect(fake(schema, 1, { omit: 'writeOnly' })).not.toHaveProperty('secret');
  });

  it('keeps a location’s value when an unrelated property is added (each location has its own stream)', () => {
    const before = {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
    };
    const after = {
      ...before,
      required: ['a', 'b', 'c'],
      properties: { c: { type: 'number' }, ...before.properties },
    };
    const x = fake(before, 'seed') as Record<string, unknown>;
    const y = fake(after, 'seed') as Record<string, unknown>;
    expect([y.a, y.b]).toEqual([x.a, x.b]);
  });

  it('bounds depth: optional recursion stops, and only required properties below maxDepth', () => {
    const tree = {
      $ref: '#/$defs/node',
      $defs: {
        node: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            child: { $ref: '#/$defs/node' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    };
    for (let seed = 0; seed < 10; seed++) {
      let node = fake(tree, seed, { root: tree, maxDepth: 2 }) as { child?: unknown; tags?: unknown };
      let depth = 0;
      while (node.child) {
        node = node.child;
        depth++;
      }
      expect(depth).toBeLessThanOrEqual(2);
    }
    const deep = fake(tree, 1, { root: tree, maxDepth: 0 });
    expect(Object.keys(deep as object)).toEqual(['name']);
  });

  it('reports what cannot be generated, located', () => {
    const endless = {
      $ref: '#/$defs/a',
      $defs: { a: { type: 'object', required: ['next'], properties: { next: { $ref: '#/$defs/a' } } } },
    };
    expect(() => fake(endless, 1, { root: endless })).toThrow(FakeSchemaError);
    expect(() => fake(endless, 1, { root: endless })).toThrow(
      /The schema at #(\/next)+ requires nesting deeper than 36 levels\./,
    );
    expect(() => fake({ type: 'object', required: ['x'], properties: { x: false } })).toThrow(
      'No value is valid for the schema `false` at #/x.',
    );
    expect(() => fake({ $ref: '#/nowhere' }, 1, { root: {} })).toThrow(
      'Cannot resolve $ref "#/nowhere" at #.',
    );
    expect(() => fake({ type: 'array', items: 42, minItems: 1 })).toThrow('Not a schema at #/0.');
  });
});
