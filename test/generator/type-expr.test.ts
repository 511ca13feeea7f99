/** Given/want table for the TypeScript type vocabulary: IR node in, type text out. */
import { CodeBlockWriter } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { typeOf, union } from '../../generator/emit/ts/type-expr.ts';
import { t } from '../helpers/model-factory.ts';
import type { TypeNode } from '../../generator/ir/schema.ts';

const use = {
  schema: (name: string) => `S_${name}`,
  enumType: (node: { pointer: string }) => `E_${node.pointer.slice(2)}`,
};
const print = (node: TypeNode) => {
  const w = new CodeBlockWriter({ indentNumberOfSpaces: 2 });
  typeOf(node, use)(w);
  return w.toString().replace(/\s+/g, ' ').trim();
};

const cases: [string, TypeNode, string][] = [
  ['string', t.string(), 'string'],
  ['nullable integer', t.nullable(t.integer()), 'number | null'],
  ['literal', t.literal('list'), "'list'"],
  ['quote in literal', t.literal("it's"), "'it\\'s'"],
  ['enum by name', t.enum(['red'], { pointer: '#/Color' }), 'E_Color'],
  ['ref by name', t.ref('Pet'), 'S_Pet'],
  ['nullable ref', t.ref('Pet', true), 'S_Pet | null'],
  ['array', t.array(t.string()), 'Array<string>'],
  ['map', t.map(t.number()), '{ [key: string]: number }'],
  ['union', t.union([t.string(), t.number()]), 'string | number'],
  ['union of one', t.union([t.boolean()]), 'boolean'],
  [
    'object with optional and quoted keys',
    t.object({ a: t.string(), 'b/c': t.number() }, ['a']),
    "{ a: string; 'b/c'?: number; }",
  ],
  ['open object without properties', t.object({}), 'Record<string, unknown>'],
  [
    'optional member named like an Object.prototype one admits the inherited one',
    t.object({ constructor: t.string(), toString: t.string(), x: t.string() }, ['toString']),
    "{ constructor?: string | Object['constructor']; toString: string; x?: string; }",
  ],
  [
    'member names with line breaks and quotes',
    t.object({ "a\nb\u2028'": t.string() }, ["a\nb\u2028'"]),
    "{ 'a\\nb\\u2028\\'': string; }",
  ],
  ['closed object without properties', t.object({}, [], { additional: false }), 'Record<string, never>'],
];

describe('typeOf', () => {
  // oxlint-disable-next-line vitest/valid-title -- a string (the table's type says so); the rule does not read types
  for (const [name, node, want] of cases) it(name, () => expect(print(node)).toBe(want));
  it('a union of none is never', () => {
    const w = new CodeBlockWriter();
    union([])(w);
    expect(w.toString()).toBe('never');
  });
});
