/** The type differ on hand-built IR nodes: given two nodes and a position, want these verdicts. */
import { describe, expect, it } from 'vitest';
import { DiffContext } from '../../generator/diff/context.ts';
import type { Position } from '../../generator/diff/types.ts';
import { diffType } from '../../generator/diff/types/index.ts';
import { api as makeApi, schema } from '../helpers/model-factory.ts';
import type { Api } from '../../generator/ir/api.ts';
import type { Property, TypeNode } from '../../generator/ir/schema.ts';

const base = { nullable: false, pointer: '#' };
const str = (more: object = {}): TypeNode => ({ kind: 'string', ...base, ...more });
const int = (more: object = {}): TypeNode => ({ kind: 'number', integer: true, ...base, ...more });
const num = (): TypeNode => ({ kind: 'number', integer: false, ...base });
const en = (values: string[], open = false): TypeNode => ({ kind: 'enum', values, open, ...base });
const lit = (value: string): TypeNode => ({ kind: 'literal', value, ...base });
const ref = (target: string): TypeNode => ({ kind: 'ref', target, ...base });
const arr = (items: TypeNode, more: object = {}): TypeNode => ({ kind: 'array', items, ...base, ...more });
const map = (values: TypeNode): TypeNode => ({ kind: 'map', values, ...base });
const prop = (name: string, type: TypeNode, required = false): Property => ({ name, type, required });
const obj = (properties: Property[], additional: TypeNode | boolean = true): TypeNode => ({
  kind: 'object',
  properties,
  additional,
  extraRequired: [],
  rules: [],
  typeAsserted: true,
  ...base,
});
const union = (variants: TypeNode[], mapping?: Record<string, string>): TypeNode => ({
  kind: 'union',
  variants,
  mode: 'oneOf',
  ...(mapping
    ? {
        discriminator: {
          property: 'type',
          mapping: Object.entries(mapping).map(([value, schema]) => ({ value, schema })),
        },
      }
    : {}),
  ...base,
});
const all = (members: TypeNode[]): TypeNode => ({ kind: 'intersection', members, ...base });

function api(schemas: Record<string, TypeNode> = {}): Api {
  return makeApi({
    title: 't',
    areas: [],
    schemas: Object.entries(schemas).map(([name, type]) => ({ ...schema(name, type, 'x'), pointer: '#' })),
  });
}

function verdicts(
  a: TypeNode,
  b: TypeNode,
  positions: Position[],
  schemas: [Record<string, TypeNode>, Record<string, TypeNode>] = [{}, {}],
): string[] {
  const ctx = new DiffContext(api(schemas[0]), api(schemas[1]));
  diffType(ctx, { area: 'x', subject: 's', positions }, '', a, b);
  return ctx.changes.map((c) => `${c.rule}${c.location ? ` @${c.location}` : ''}`);
}

describe('diffType', () => {
  const cases: [string, TypeNode, TypeNode, Position[], string[]][] = [
    ['enum → plain string widens a request', en(['a', 'b']), str(), ['request'], ['loosened-request']],
    ['enum → plain string widens a response', en(['a', 'b']), str(), ['response'], ['widened-response']],
    ['string → enum narrows a request', str(), en(['a']), ['request'], ['narrowed-request']],
    ['closed enum opened, in a response', en(['a']), en(['a'], true), ['response'], ['widened-response']],
    ['open enum closed, in a request', en(['a'], true), en(['a']), ['request'], ['narrowed-request']],
    ['constant changed, in a response', lit('a'), lit('b'), ['response'], ['removed-enum-value-response']],
    ['constant → enum containing it', lit('a'), en(['a', 'b']), ['request'], ['loosened-request']],
    ['integer → number in a request', int(), num(), ['request'], ['loosened-request']],
    ['number → integer in a response', num(), int(), ['response'], ['narrowed-response']],
    ['string → integer', str(), int(), ['request', 'response'], ['changed-type']],
    [
      'minLength raised, request',
      str({ minLength: 1 }),
      str({ minLength: 2 }),
      ['request'],
      ['tightened-constraint'],
    ],
    [
      'pattern changed, response (opaque string)',
      str({ pattern: 'a' }),
      str({ pattern: 'b' }),
      ['response'],
      ['opaque-string-format'],
    ],
    [
      'maxItems lowered in a response',
      arr(str(), { maxItems: 5 }),
      arr(str(), { maxItems: 3 }),
      ['response'],
      ['narrowed-response'],
    ],
    ['array items enum narrowed', arr(en(['a', 'b'])), arr(en(['a'])), ['request'], ['narrowed-request @[]']],
    ['map values type changed', map(str()), map(int()), ['response'], ['changed-type @{}']],
    ['closed object opened, request', obj([], false), obj([], true), ['request'], ['loosened-request']],
    ['open object closed, response', obj([], true), obj([], false), ['response'], ['narrowed-response']],
    [
      'schema used both ways: a new required property breaks requests',
      obj([]),
      obj([prop('a', str(), true)]),
      ['request', 'response'],
      ['new-required-request-field @a'],
    ],
    [
      'schema used both ways: a new optional property is compatible',
      obj([]),
      obj([prop('a', str())]),
      ['request', 'response'],
      ['new-optional-request-field @a'],
    ],
    [
      'nested property removed',
      obj([prop('o', obj([prop('a', str())]))]),
      obj([prop('o', obj([]))]),
      ['response'],
      ['removed-field @o.a'],
    ],
    [
      'union variant added, request',
      union([str(), int()]),
      union([str(), int(), arr(str())]),
      ['request'],
      ['loosened-request'],
    ],
    [
      'union variant added, response',
      union([str(), int()]),
      union([str(), int(), arr(str())]),
      ['response'],
      ['widened-response'],
    ],
    [
      'union variant removed, request',
      union([str(), int()]),
      union([str()]),
      ['request'],
      ['narrowed-request'],
    ],
    [
      'discriminated variant added, response',
      union([ref('A')], { a: 'A' }),
      union([ref('A'), ref('B')], { a: 'A', b: 'B' }),
      ['response'],
      ['widened-response'],
    ],
    [
      'discriminator value remapped',
      union([ref('A'), ref('B')], { a: 'A' }),
      union([ref('A'), ref('B')], { a: 'B' }),
      ['request'],
      ['changed-type'],
    ],
    ['string → union with a string', str(), union([str(), arr(str())]), ['request'], ['loosened-request']],
    [
      'union → one of its variants, response',
      union([str(), arr(str())]),
      str(),
      ['response'],
      ['narrowed-response'],
    ],
    ['allOf member added', all([ref('A')]), all([ref('A'), ref('B')]), ['request'], ['tightened-constraint']],
    ['ref retargeted', ref('A'), ref('B'), ['response'], ['changed-type']],
    ['same ref: nothing here (the schema reports its own changes)', ref('A'), ref('A'), ['response'], []],
    [
      'ref nullable added, response',
      ref('A'),
      { ...ref('A'), nullable: true },
      ['response'],
      ['widened-response'],
    ],
    [
      'default changed, response only: docs',
      str({ default: 'a' }),
      str({ default: 'b' }),
      ['response'],
      ['docs'],
    ],
    [
      'description changed: docs',
      str({ description: 'a' }),
      str({ description: 'b' }),
      ['request'],
      ['docs'],
    ],
    ['deprecated', str(), str({ deprecated: true }), ['request'], ['deprecated']],
    [
      'property renamed (same type)',
      obj([prop('a', str(), true)]),
      obj([prop('b', str(), true)]),
      ['request'],
      ['removed-field @a'],
    ],
    ['anything → unknown, response', str(), { kind: 'unknown', ...base }, ['response'], ['widened-response']],
  ];
  it.each(cases)('%s', (_name, a, b, positions, want) => expect(verdicts(a, b, positions)).toEqual(want));

  it('compares an inlined schema with the named one it replaced, structurally', () => {
    const schemas = { A: obj([prop('x', str())]) };
    expect(
      verdicts(ref('A'), obj([prop('x', str()), prop('y', int())]), ['response'], [schemas, schemas]),
    ).toEqual(['new-response-field @y']);
  });

  it('stops at recursion when comparing refs with inline structures', () => {
    const recursive = { A: obj([prop('next', ref('A'))]) };
    expect(verdicts(ref('A'), obj([prop('next', ref('A'))]), ['response'], [recursive, recursive])).toEqual(
      [],
    );
  });

  describe('on the API meaning, not the spelling', () => {
    const meaning: [string, TypeNode, TypeNode, Position[], string[]][] = [
      [
        'a value added to a closed response enum breaks exhaustive switches',
        en(['a']),
        en(['a', 'b']),
        ['response'],
        ['new-enum-value-response'],
      ],
      [
        'a value added to an open response enum',
        en(['a'], true),
        en(['a', 'b'], true),
        ['response'],
        ['open-enum-value'],
      ],
      [
        'a value removed from an open request enum',
        en(['a', 'b'], true),
        en(['a'], true),
        ['request'],
        ['open-enum-value'],
      ],
      [
        'anyOf [string, enum] is an open enum',
        union([str(), en(['a'])]),
        en(['a', 'b'], true),
        ['request', 'response'],
        ['open-enum-value'],
      ],
      [
        'the same open enum written in the other order',
        union([en(['a']), str()]),
        union([str(), en(['a'])]),
        ['response'],
        [],
      ],
      [
        'a property moved to another allOf member',
        all([obj([prop('a', str(), true)]), obj([prop('b', int())])]),
        all([obj([prop('a', str(), true), prop('b', int())]), obj([])]),
        ['response'],
        [],
      ],
      [
        'allOf against the object it describes',
        all([obj([prop('a', str(), true)]), obj([prop('b', int())])]),
        obj([prop('a', str(), true), prop('b', int())]),
        ['request', 'response'],
        [],
      ],
      [
        'inline variants reordered',
        union([
          obj([prop('type', lit('x')), prop('x', str())]),
          obj([prop('type', lit('y')), prop('y', int())]),
        ]),
        union([
          obj([prop('type', lit('y')), prop('y', int())]),
          obj([prop('type', lit('x')), prop('x', str())]),
        ]),
        ['response'],
        [],
      ],
      [
        'a variant changed, matched by its tag and not its position',
        union([
          obj([prop('type', lit('x')), prop('x', str())]),
          obj([prop('type', lit('y')), prop('y', int())]),
        ]),
        union([
          obj([prop('type', lit('y')), prop('y', int()), prop('z', str())]),
          obj([prop('type', lit('x')), prop('x', str())]),
        ]),
        ['response'],
        ['new-response-field @<type="y">.z'],
      ],
    ];
    it.each(meaning)('%s', (_name, a, b, positions, want) => expect(verdicts(a, b, positions)).toEqual(want));

    it('a reference switched to an identical schema under another name is no change', () => {
      const shape = obj([prop('x', str(), true)]);
      expect(verdicts(ref('A'), ref('B'), ['response'], [{ A: shape }, { A: shape, B: shape }])).toEqual([]);
    });

    it('a reference switched to a different schema reports what differs', () => {
      expect(
        verdicts(
          ref('A'),
          ref('B'),
          ['response'],
          [{ A: obj([prop('x', str(), true)]) }, { B: obj([prop('x', str())]) }],
        ),
      ).toEqual(['optional-in-response @x']);
    });
  });
});
