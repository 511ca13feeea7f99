/**
 * The safe code template (`generator/emit/validators/code/`): interpolated values other than `Code`/`Name` are printed as
 * literals that evaluate back to the same value, whatever characters they hold, and never break out of the code.
 */
import { describe, expect, it } from 'vitest';
import {
  _,
  join,
  literal,
  Name,
  objectKey,
  ownProp,
  prop,
} from '../../generator/emit/validators/code/index.ts';

/** Evaluates generated code as a JavaScript expression. */
// oxlint-disable-next-line typescript/no-implied-eval -- runs the code the generator printed, on purpose
const evaluate = (code: { toString(): string }): unknown => new Function(`return (${code.toString()});`)();

const ODD = [
  'a\nb',
  'line\r\nbreak',
  "it's",
  'say "hi"',
  'back\\slash',
  '*/ comment end',
  '/* comment start',
  '${injected}',
  '`template`',
  'sep\u2028para\u2029',
  'lone \ud800 high',
  'lone \udc00 low',
  '\u0000nul',
  '</script>',
  '__proto__',
  '',
];

describe('code template', () => {
  it('prints every odd string as a literal that evaluates back to it', () => {
    for (const s of ODD) {
      const code = _`${s}`;
      expect(evaluate(code)).toBe(s);
      // One line, no comment or template syntax outside the quotes: the literal is the whole expression.
      expect(code.toString()).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(code.toString().startsWith("'") && code.toString().endsWith("'")).toBe(true);
    }
  });

  it('keeps an odd string inside its quotes when code surrounds it', () => {
    for (const s of ODD) {
      // If the string escaped its literal, the surrounding code would no longer parse or would return otherwise.
      const code = _`[${s}, 1 /* after */].length === 2 && ${s}`;
      expect(evaluate(code)).toBe(s === '' ? '' : s);
    }
  });

  it('prints numbers, booleans, null, arrays and objects as literals', () => {
    expect(_`${3} + ${-2.5}`.toString()).toBe('3 + -2.5');
    expect(_`${true} && ${null}`.toString()).toBe('true && null');
    expect(evaluate(_`${[1, 'a\u2028', null, { b: ['*/'] }]}`)).toEqual([1, 'a\u2028', null, { b: ['*/'] }]);
    expect(literal({ x: 'a\u2029' })).not.toMatch(/\u2029/);
    expect(() => literal(Number.NaN)).toThrow(/no JSON literal/);
    expect(() => literal(() => 1)).toThrow(/no literal/);
  });

  it('keeps a __proto__ key an own property of an object literal', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": [{"__proto__": 1}]}') as Record<
      string,
      unknown
    >;
    const back = evaluate(_`${value}`) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(back).toEqual(value);
    expect(objectKey('__proto__')).toBe("['__proto__']");
    expect(objectKey('ok_1')).toBe('ok_1');
    expect(objectKey('a-b')).toBe("'a-b'");
  });

  it('inserts Code and Name as code, and refuses names that are not identifiers', () => {
    const v = new Name('v1');
    expect(_`typeof ${v} === ${'string'}`.toString()).toBe("typeof v1 === 'string'");
    expect(join([_`a`, v], _` || `).toString()).toBe('a || v1');
    expect(() => new Name('a b')).toThrow(/not an identifier/);
    expect(() => new Name('x;alert(1)')).toThrow(/not an identifier/);
    expect(() => new Name('delete')).toThrow(/not an identifier/);
  });

  it('writes property access safely, and own reads for names of Object.prototype', () => {
    const o = new Name('o');
    const own = new Name('own');
    expect(prop(o, 'name').toString()).toBe('o.name');
    expect(prop(o, 'a-b').toString()).toBe("o['a-b']");
    expect(prop(o, "x'];alert(1);//").toString()).toBe("o['x\\'];alert(1);//']");
    expect(ownProp(o, '__proto__', own).toString()).toBe("own(o, '__proto__')");
    expect(ownProp(o, 'constructor', own).toString()).toBe("own(o, 'constructor')");
    expect(ownProp(o, 'plain', own).toString()).toBe('o.plain');
    const data = JSON.parse('{"a-b": 1, "x\'];alert(1);//": 2}') as unknown;
    // oxlint-disable-next-line typescript/no-implied-eval -- runs the code the generator printed, on purpose
    expect(new Function('o', `return [${prop(o, 'a-b')}, ${prop(o, "x'];alert(1);//")}];`)(data)).toEqual([
      1, 2,
    ]);
  });
});
