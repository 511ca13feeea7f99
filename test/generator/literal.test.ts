/** The one printer of spec data as TypeScript (emit/ts/literal.ts): each string comes back exact when evaluated. */
import { describe, expect, it } from 'vitest';
import { importRegistry } from '../../generator/emit/ts/imports.ts';
import { commentText, dataKey, dataLiteral, quote, ref, typeKey } from '../../generator/emit/ts/literal.ts';
import { api, schema, t } from '../helpers/model-factory.ts';
import type { EnumNode } from '../../generator/ir/schema.ts';
import { areaFiles } from '../../generator/naming/paths.ts';

const HOSTILE = [
  'a\nb\rc\'d"e`f\\g',
  '*/ /* ${x}',
  'k\u2028l\u2029m',
  '</script>',
  '\uD800',
  '\u0000\u001f',
  '',
];
// Evaluates an expression the printer wrote, as a module would.
// oxlint-disable-next-line typescript/no-implied-eval -- runs the code the generator printed, on purpose
const evaluate = (code: string): unknown => new Function(`return (${code});`)();

describe('literal printer', () => {
  it('quotes any string so that it evaluates to itself, on one line, with no comment end', () => {
    for (const s of HOSTILE) {
      const q = quote(s);
      expect(evaluate(q)).toBe(s);
      expect(q).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(q.startsWith("'") && q.endsWith("'")).toBe(true);
    }
  });

  it('prints data with exact keys and values, __proto__ as an own property, Map order kept, refs by name', () => {
    const value = {
      [HOSTILE[0]!]: HOSTILE,
      nested: { n: 1, b: false, z: null, skip: undefined },
      ...JSON.parse('{"__proto__": "own"}'),
    };
    const back = evaluate(dataLiteral(value)) as Record<string, unknown>;
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(JSON.stringify(back)).toBe(JSON.stringify({ ...value, nested: { n: 1, b: false, z: null } }));
    expect(
      dataLiteral(
        new Map([
          ['2', 'b'],
          ['1', 'a'],
        ]),
      ),
    ).toBe("{ '2': 'b', '1': 'a' }");
    expect(dataLiteral({ operations: ref('operations'), match: ref('matchRoute') })).toBe(
      '{ operations, match: matchRoute }',
    );
    expect(dataLiteral({ a: 1 }, { expand: true })).toBe('{\n  a: 1,\n}');
    expect(() => ref('not a name')).toThrow(/not an identifier/);
    expect(() => dataLiteral(Number.NaN)).toThrow(/not JSON data/);
    expect([typeKey('__proto__'), dataKey('__proto__'), typeKey('a-b'), dataKey('ok')]).toEqual([
      '__proto__',
      "['__proto__']",
      "'a-b'",
      'ok',
    ]);
  });

  it('makes comment text unable to end its comment', () => {
    expect(commentText('a */ b\r\nc\u2028d\uD800')).toBe('a *\\/ b\nc\nd\uFFFD');
  });
});

describe('import registry', () => {
  const color = t.enum(['red'], { pointer: '#/components/schemas/Pet/properties/color' }) as EnumNode;
  const model = api({
    schemas: [schema('Pet', t.string(), 'pets')],
    enumNames: new Map([[color.pointer, 'Color']]),
    areas: [{ slug: 'pets', title: 'Pets', files: areaFiles('pets') }],
  });
  it('writes sorted imports of what the file used, type-only where nothing is a value', () => {
    const use = importRegistry(model, 'client/resources/pets.ts');
    expect(use.schema('Pet')).toBe('Pet');
    use.from('client/core/resource.ts', 'APIResource');
    use.from('client/core/resource.ts', 'ResourceOptions', true);
    use.enumType(color);
    expect(use.declarations().map((d) => [d.moduleSpecifier, d.isTypeOnly, d.namedImports])).toEqual([
      ['../../tables/enums.js', true, [{ name: 'Color' }]],
      ['../../types/pets.js', true, [{ name: 'Pet' }]],
      [
        '../core/resource.js',
        false,
        [{ name: 'APIResource' }, { name: 'ResourceOptions', isTypeOnly: true }],
      ],
    ]);
  });
  it('refuses a symbol named after the imports were taken', () => {
    const use = importRegistry(model, 'types/pets.ts');
    expect(use.schema('Pet')).toBe('Pet');
    expect(use.declarations()).toEqual([]);
    expect(() => use.enumType(color)).toThrow(/types\/pets\.ts uses Color after its imports were taken/);
  });
});
