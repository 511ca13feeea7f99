/**
 * The Prism lane's value maker: values valid against the spec and not ambiguous where the spec's `oneOf` branches
 * overlap, and the schemas that admit no value named.
 */
import { describe, expect, it } from 'vitest';
import { readings } from './schema-check.ts';
import { ValueMaker } from './values.ts';

const maker = (doc: object, mode: 'required' | 'all' = 'required') => new ValueMaker(doc, 1, mode);

describe('ValueMaker', () => {
  it('gives a oneOf [integer, string] a value only the string branch accepts, also as a parameter reads it', () => {
    const schema = { oneOf: [{ type: 'integer' }, { type: 'string' }] };
    const doc = { components: { schemas: { Id: schema } } };
    const value = maker(doc).value({ $ref: '#/components/schemas/Id' });
    expect(typeof value).toBe('string');
    expect(readings(value)).toEqual([value]);
  });

  it('keeps the first branch where it is the only one to accept its value', () => {
    const doc = { s: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] } };
    expect(maker(doc).value(doc.s)).toBe(1);
  });

  it('follows $refs inside the branches to judge them', () => {
    const doc = {
      components: {
        schemas: {
          Num: { type: 'integer', minimum: 3 },
          Any: { type: 'string' },
          U: { oneOf: [{ $ref: '#/components/schemas/Num' }, { $ref: '#/components/schemas/Any' }] },
        },
      },
    };
    expect(maker(doc).value({ $ref: '#/components/schemas/U' })).toBe('abcdefgh');
  });

  it('tries a branch’s example and a string of its maxLength where its first value suits every branch', () => {
    const doc = {
      components: {
        schemas: {
          Identifier: { type: 'string', maxLength: 32 },
          Uuid: { type: 'string', maxLength: 36, example: 'f174e90a-fafe-4643-bbbc-4a0ed4fc8415' },
          Plain: { type: 'string', maxLength: 36 },
          AppId: {
            oneOf: [{ $ref: '#/components/schemas/Identifier' }, { $ref: '#/components/schemas/Uuid' }],
          },
          Other: {
            oneOf: [{ $ref: '#/components/schemas/Identifier' }, { $ref: '#/components/schemas/Plain' }],
          },
        },
      },
    };
    expect(maker(doc).value({ $ref: '#/components/schemas/AppId' })).toBe(
      'f174e90a-fafe-4643-bbbc-4a0ed4fc8415',
    );
    expect(maker(doc).value({ $ref: '#/components/schemas/Other' })).toBe('a'.repeat(36));
  });

  it('gives the names a `required` beside oneOf branches asks for, read-only ones too', () => {
    const base = {
      properties: { id: { type: 'string', readOnly: true }, proxiable: { type: 'boolean', readOnly: true } },
    };
    const branch = (type: string) => ({
      allOf: [
        { properties: { type: { enum: [type] }, name: { type: 'string' } }, required: ['type', 'name'] },
        base,
      ],
    });
    const doc = { s: { oneOf: [branch('A'), branch('MX')], required: ['proxiable', 'type', 'name'] } };
    const value = maker(doc).value(doc.s) as Record<string, unknown>;
    expect(value).toEqual({ type: 'A', name: 'abcdefgh', proxiable: true });
  });

  it('takes a string longer than another branch allows, and names branches that admit the same values', () => {
    const doc = {
      s: { oneOf: [{ type: 'string', maxLength: 36, readOnly: true }, { type: 'string' }] },
      t: {
        oneOf: [
          { type: 'string', description: 'IPv4' },
          { type: 'string', description: 'CIDR' },
        ],
      },
    };
    const m = maker(doc);
    expect(m.value(doc.s)).toBe('a'.repeat(37));
    expect(m.unsatisfiable).toEqual([]);
    m.value(doc.t);
    expect(m.unsatisfiable).toEqual([
      'oneOf branches 0 and 1 ({"type":"string"}) admit the same values: none matches exactly one',
    ]);
  });

  it('ends a recursive schema: an array that may be empty is, deep down; one that requires itself is named', () => {
    const doc = {
      components: {
        schemas: {
          Tree: {
            type: 'object',
            required: ['children'],
            properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
          },
          Loop: {
            type: 'object',
            required: ['next'],
            properties: { next: { $ref: '#/components/schemas/Loop' } },
          },
        },
      },
    };
    const m = maker(doc);
    let tree = m.value({ $ref: '#/components/schemas/Tree' }) as { children: unknown[] };
    let levels = 0;
    while (tree.children.length) {
      tree = tree.children[0] as typeof tree;
      levels++;
    }
    expect(levels).toBeGreaterThan(0);
    expect(m.unsatisfiable).toEqual([]);
    m.value({ $ref: '#/components/schemas/Loop' });
    expect(m.unsatisfiable).toEqual(['a value deeper than 64 levels (a schema that requires itself)']);
  });

  it('names a pattern that no value of its format matches', () => {
    const doc = { s: { type: 'string', format: 'date-time', pattern: 'YYYY-MM-DDThh:mm:ssZ' } };
    const m = maker(doc);
    m.value(doc.s);
    expect(m.unsatisfiable).toEqual([
      'pattern "YYYY-MM-DDThh:mm:ssZ" beside format date-time: no value matches both',
    ]);
    const fine = maker({ s: { type: 'string', format: 'date-time', pattern: '^\\d{4}-' } });
    fine.value({ type: 'string', format: 'date-time', pattern: '^\\d{4}-' });
    expect(fine.unsatisfiable).toEqual([]);
  });

  it('picks the enum member the rest of its schema admits', () => {
    const doc = { s: { type: 'string', enum: ['', 'not-a-date', '2024-05-06'], format: 'date' } };
    const m = maker(doc);
    expect(m.value(doc.s)).toBe('2024-05-06');
    expect(m.unsatisfiable).toEqual([]);
  });

  it('names a schema that admits no value (an enum member that breaks its own format)', () => {
    const doc = { s: { type: 'string', enum: ['now'], format: 'date-time' } };
    const m = maker(doc);
    expect(m.value(doc.s)).toBe('now');
    expect(m.unsatisfiable).toEqual([
      'enum ["now"] beside {"type":"string","format":"date-time"}: no member is valid',
    ]);
  });

  it('reads a scalar the ways a server may', () => {
    expect(readings(1)).toEqual([1, '1']);
    expect(readings('12')).toEqual(['12', 12]);
    expect(readings('true')).toEqual(['true', true]);
    expect(readings('abc')).toEqual(['abc']);
    expect(readings({ a: 1 })).toEqual([{ a: 1 }]);
  });
});

describe('ValueMaker objects', () => {
  it('gives a nested object one property at least, so a form encoding still sends it', () => {
    const doc = {
      s: {
        type: 'object',
        required: ['features'],
        properties: { features: { type: 'object', properties: { a: { type: 'boolean' } } } },
      },
    };
    expect(maker(doc).value(doc.s)).toEqual({ features: { a: true } });
  });

  it('leaves the top-level body of a required-only call empty when nothing is required', () => {
    const doc = { s: { type: 'object', properties: { a: { type: 'boolean' } } } };
    expect(maker(doc).value(doc.s)).toEqual({});
  });
});
