/** Given/want table for the schema parser: one JSON Schema construct in, one IR node shape out. */
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../generator/diagnostics.ts';
import type { TypeNode } from '../../generator/ir/schema.ts';
import type { ParseContext } from '../../generator/parse/context.ts';
import { createSchemaParser } from '../../generator/parse/schema/index.ts';

function parse(
  schema: unknown,
  components: Record<string, unknown> = {},
  version: '3.0' | '3.1' = '3.1',
): TypeNode {
  const ctx: ParseContext = {
    document: { openapi: version === '3.0' ? '3.0.3' : '3.1.0', components: { schemas: components } },
    version,
    locate: (pointer) => ({ pointer }),
    notShown: [],
    diagnostics: new Diagnostics('strict'),
  };
  const node = createSchemaParser(ctx, () => 'test').parse(schema, '#/x');
  // Strict mode collects every finding and throws them together once the model is built, as the pipeline does.
  ctx.diagnostics.throwErrors();
  return node;
}

/** Drops pointers so expectations stay short. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => k !== 'pointer')
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return node;
}

const cases: [string, unknown, Record<string, unknown>][] = [
  [
    'type array with null → nullable',
    { type: ['string', 'null'], maxLength: 3 },
    { kind: 'string', nullable: true, maxLength: 3 },
  ],
  [
    'OpenAPI 3.0 nullable',
    { type: 'integer', nullable: true, minimum: 1 },
    { kind: 'number', integer: true, nullable: true, minimum: 1 },
  ],
  ['const → literal', { type: 'string', const: 'list' }, { kind: 'literal', value: 'list', nullable: false }],
  ['one-value enum → literal', { enum: ['auto'] }, { kind: 'literal', value: 'auto', nullable: false }],
  [
    'enum with null → nullable enum',
    { type: ['string', 'null'], enum: ['a', 'b', null] },
    { kind: 'enum', values: ['a', 'b'], open: false, nullable: true },
  ],
  [
    'enum without type beside string bounds every value meets → the enum (Cloudflare: no `type X = X`)',
    { enum: ['block', 'challenge'], maxLength: 12, description: 'The action.' },
    {
      kind: 'enum',
      values: ['block', 'challenge'],
      open: false,
      nullable: false,
      description: 'The action.',
    },
  ],
  [
    'enum beside a bound a value breaks → both apply',
    { enum: ['block', 'js_challenge'], maxLength: 6 },
    {
      kind: 'intersection',
      nullable: false,
      members: [
        { kind: 'enum', values: ['block', 'js_challenge'], open: false, nullable: false },
        { kind: 'string', maxLength: 6, nullable: false },
      ],
    },
  ],
  [
    'known values + any string → open enum',
    { anyOf: [{ type: 'string', enum: ['x', 'y'] }, { type: 'string' }] },
    { kind: 'enum', values: ['x', 'y'], open: true, nullable: false },
  ],
  [
    'oneOf [ref, null] → nullable ref',
    { oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] },
    { kind: 'ref', target: 'A', nullable: true },
  ],
  [
    'map',
    { type: 'object', additionalProperties: { type: 'number' }, maxProperties: 16 },
    {
      kind: 'map',
      values: { kind: 'number', integer: false, nullable: false },
      maxProperties: 16,
      nullable: false,
    },
  ],
  ['format binary → binary', { type: 'string', format: 'binary' }, { kind: 'binary', nullable: false }],
  [
    'base64 content stays a string',
    { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/zip' },
    { kind: 'string', nullable: false, contentEncoding: 'base64', contentMediaType: 'application/zip' },
  ],
  ['{} → unknown', {}, { kind: 'unknown', nullable: false }],
  ['false → never', false, { kind: 'never', nullable: false }],
  [
    '3.0 exclusiveMinimum flag',
    { type: 'number', minimum: 0, exclusiveMinimum: true },
    { kind: 'number', integer: false, nullable: false, exclusiveMinimum: 0 },
  ],
];

describe('schema parser', () => {
  for (const [name, input, want] of cases) {
    // oxlint-disable-next-line vitest/valid-title -- a string (the table's type says so); the rule does not read types
    it(name, () => {
      expect(shape(parse(input, { A: { type: 'string' } }))).toMatchObject(want);
    });
  }

  it('allOf with one member is the member, keeping the outer description', () => {
    expect(
      shape(
        parse(
          { allOf: [{ $ref: '#/components/schemas/A' }], description: 'outer' },
          { A: { type: 'string' } },
        ),
      ),
    ).toMatchObject({ kind: 'ref', target: 'A', description: 'outer' });
  });

  it('discriminated union completes implicit mappings from the members const', () => {
    const node = parse(
      {
        oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }],
        discriminator: { propertyName: 'type', mapping: { a: '#/components/schemas/A' } },
      },
      {
        A: { type: 'object', properties: { type: { const: 'a' } } },
        B: { type: 'object', properties: { type: { const: 'b' } } },
      },
    );
    expect(node.kind === 'union' && node.discriminator).toEqual({
      property: 'type',
      mapping: [
        { value: 'a', schema: 'A' },
        { value: 'b', schema: 'B' },
      ],
    });
  });

  it('keeps if/then/else, not and dependentRequired for validators', () => {
    const node = parse({
      type: 'object',
      properties: { s: { type: 'boolean' } },
      if: { properties: { s: { const: true } }, required: ['s'] },
      then: { required: ['x'] },
      not: { required: ['y'] },
      dependentRequired: { a: ['b'] },
    });
    expect(node.conditionals).toHaveLength(1);
    expect(node.conditionals?.[0]?.if.kind).toBe('object');
    expect(node.not).toHaveLength(1);
    expect(node.dependentRequired).toEqual({ a: ['b'] });
  });

  it('x-rules are parsed and checked against the properties', () => {
    const node = parse({
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      'x-rules': [{ kind: 'compare', field: 'a', op: 'gt', other: 'b', message: 'a > b' }],
    });
    expect(node.kind === 'object' && node.rules).toMatchObject([
      { kind: 'compare', field: 'a', op: 'gt', other: 'b', scale: 1, message: 'a > b' },
    ]);
    expect(() =>
      parse({
        type: 'object',
        properties: { a: {} },
        'x-rules': [{ kind: 'compare', field: 'a', op: 'gt', other: 'zz', message: 'm' }],
      }),
    ).toThrow(/'other' names 'zz', which is not a property/);
    expect(() => parse({ type: 'object', 'x-rules': [{ kind: 'ratio', message: 'm' }] })).toThrow(
      /unknown kind "ratio"/,
    );
  });

  it('rejects unsupported keywords and unknown extensions by name', () => {
    expect(() => parse({ type: 'object', $vocabulary: {} })).toThrow(/'\$vocabulary' is not supported/);
    expect(parse({ type: 'object', unevaluatedProperties: false }).unevaluatedProperties).toMatchObject({
      kind: 'never',
    });
    expect(parse({ type: 'object', dependencies: { a: ['b'], c: { required: ['d'] } } })).toMatchObject({
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { kind: 'object' } },
    });
    expect(() => parse({ type: 'string', 'x-sse': true })).toThrow(
      /'x-sse' is not allowed on a schema object/,
    );
    expect(() => parse({ type: 'string', 'x-ssse': true })).toThrow(
      /unknown extension 'x-ssse' \(did you mean 'x-sse'\?\)/,
    );
    expect(() => parse({ type: 'strin' })).toThrow(/unknown schema type 'strin'/);
    expect(() => parse({ type: 'string', pattern: '([' })).toThrow(/not a valid regular expression/);
  });

  it('records x-not-shown', () => {
    const node = parse({ type: 'string', 'x-not-shown': 'The format.' });
    expect(node.notShown).toEqual(['The format.']);
  });
});

describe('schemas without type', () => {
  const inferred: [string, unknown, Record<string, unknown>][] = [
    ['maxLength → string', { maxLength: 1000 }, { kind: 'string', maxLength: 1000 }],
    ['pattern → string', { pattern: '^gpt-image-2' }, { kind: 'string', pattern: '^gpt-image-2' }],
    ['maximum → number', { maximum: 1 }, { kind: 'number', maximum: 1 }],
    ['maxItems → array', { maxItems: 16 }, { kind: 'array', maxItems: 16 }],
    [
      'maxProperties → object',
      { maxProperties: 2 },
      { kind: 'object', maxProperties: 2, typeAsserted: false },
    ],
  ];
  // oxlint-disable-next-line vitest/valid-title -- a string (the table's type says so); the rule does not read types
  for (const [name, input, want] of inferred) it(name, () => expect(shape(parse(input))).toMatchObject(want));
});

describe('lists in the model order', () => {
  it('sorts properties by wire name and a discriminator mapping by value', () => {
    const node = parse(
      {
        oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }],
        discriminator: {
          propertyName: 'kind',
          mapping: { dog: '#/components/schemas/Dog', cat: '#/components/schemas/Cat' },
        },
      },
      {
        Dog: { type: 'object', properties: { kind: { const: 'dog' }, bark: { type: 'string' } } },
        Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }] },
        Pet: { type: 'object', properties: { kind: { type: 'string' } } },
      },
    );
    expect(node.kind === 'union' && node.discriminator?.mapping.map((m) => m.value)).toEqual(['cat', 'dog']);
    expect(
      shape(parse({ type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } })),
    ).toMatchObject({ properties: [{ name: 'a' }, { name: 'b' }] });
  });
});

describe('discriminators checked where they are parsed', () => {
  const members = {
    oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }],
    discriminator: { propertyName: 'kind' },
  };
  const parseTolerant = (components: Record<string, unknown>) => {
    const diagnostics = new Diagnostics('tolerant');
    const ctx: ParseContext = {
      document: { openapi: '3.1.0', components: { schemas: components } },
      version: '3.1',
      locate: (pointer) => ({ pointer }),
      notShown: [],
      diagnostics,
    };
    return { node: createSchemaParser(ctx, () => 'test').parse(members, '#/x'), diagnostics };
  };

  it('keeps a discriminator every member has, through allOf and references', () => {
    const { node, diagnostics } = parseTolerant({
      Dog: { type: 'object', properties: { kind: { const: 'dog' } } },
      Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object' }] },
      Pet: { type: 'object', properties: { kind: { type: 'string' } } },
    });
    expect(node.kind === 'union' && node.discriminator?.property).toBe('kind');
    expect(diagnostics.warnings).toEqual([]);
  });

  it('reads a member’s values through a $ref to a shared enum; values two members share make a plain union', () => {
    const { node } = parseTolerant({
      Dog: { type: 'object', properties: { kind: { $ref: '#/components/schemas/DogKind' } } },
      Cat: { type: 'object', properties: { kind: { const: 'cat' } } },
      DogKind: { type: 'string', enum: ['dog', 'puppy'] },
    });
    expect(node.kind === 'union' && node.discriminator?.mapping.map((m) => [m.value, m.schema])).toEqual([
      ['cat', 'Cat'],
      ['dog', 'Dog'],
      ['puppy', 'Dog'],
    ]);
    // PagerDuty's runners: both members name their type by one enum of both values.
    const shared = parseTolerant({
      Dog: { type: 'object', properties: { kind: { $ref: '#/components/schemas/Kind' } } },
      Cat: { type: 'object', properties: { kind: { $ref: '#/components/schemas/Kind' } } },
      Kind: { type: 'string', enum: ['dog', 'cat'] },
    });
    expect(shared.node.kind === 'union' && shared.node.discriminator).toBeUndefined();
    expect(shared.diagnostics.warnings.map((w) => w.message)).toEqual([
      "discriminator value 'dog' selects more than one member",
    ]);
  });

  it('reads a union as plain when a member lacks the property, reported at the union', () => {
    const { node, diagnostics } = parseTolerant({
      Dog: { type: 'object', properties: { kind: { const: 'dog' } } },
      Cat: { type: 'object', properties: { name: { type: 'string' } } },
    });
    expect(node.kind === 'union' && node.discriminator).toBeUndefined();
    expect(diagnostics.warnings.map((w) => [w.code, w.message, w.location.pointer])).toEqual([
      ['discriminator-fallback', "discriminator 'kind' is not a property of Cat (mapping 'Cat')", '#/x'],
    ]);
  });
});
