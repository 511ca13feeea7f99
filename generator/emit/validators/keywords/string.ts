/** `type: string`, `minLength`, `maxLength` (in code points), `pattern`; also the checks of `propertyNames`. */
import { _ } from '../code/index.ts';
import type { StringConstraints, TypeNode } from '../../../ir/schema.ts';
import { assertAll, type Assertion, type KeywordCompiler, type Services, type Value } from '../context.ts';
import { asciiClass } from './char-class.ts';
import { formatAssertions } from './format.ts';
import { typeTest } from './type.ts';

/** The assertions of string constraints on `v` (`propertyName`: on an object's key, with `property_name` codes). */
export function stringAssertions(
  cc: Services,
  c: StringConstraints,
  v: Value,
  pointer: string,
  propertyName = false,
): Assertion[] {
  const codeOf = (k: string) => (propertyName ? 'property_name' : k);
  // A key's constraints are the object's `propertyNames`.
  const keywordOf = (k: string) => (propertyName ? `propertyNames/${k}` : k);
  const what = propertyName ? 'key ' : '';
  const out: Assertion[] = [];
  if (c.minLength !== undefined && c.minLength > 0) {
    const cpLen = cc.rt('cpLen');
    // `length` counts UTF-16 units, at most twice the code points: the count runs only when it can matter.
    const cond =
      c.minLength === 1
        ? _`${v}.length === 0`
        : _`${v}.length < ${2 * c.minLength} && ${cpLen}(${v}) < ${c.minLength}`;
    out.push({
      cond,
      code: codeOf('min_length'),
      keyword: keywordOf('minLength'),
      message:
        c.minLength === 1 ? `${what}must not be empty` : `${what}must be at least ${c.minLength} characters`,
    });
  }
  if (c.maxLength !== undefined) {
    const cpLen = cc.rt('cpLen');
    out.push({
      cond: _`${v}.length > ${c.maxLength} && ${cpLen}(${v}) > ${c.maxLength}`,
      code: codeOf('max_length'),
      keyword: keywordOf('maxLength'),
      message: `${what}must be at most ${c.maxLength} characters`,
    });
  }
  if (c.pattern !== undefined) {
    const chars = asciiClass(c.pattern);
    const cond = chars
      ? _`!${cc.rt('onlyAscii')}(${v}, ${cc.charSet(chars.ranges)}, ${chars.min})`
      : _`!${cc.regex(c.pattern, c.patternFlags ?? 'u', c.patternLinear)}.test(${v})`;
    out.push({
      cond,
      code: codeOf('pattern'),
      message: `${what}must match the pattern ${c.pattern}`,
      keyword: keywordOf('pattern'),
    });
  }
  out.push(...formatAssertions(cc, c, v, propertyName));
  return out;
}

export const stringType: KeywordCompiler<Extract<TypeNode, { kind: 'string' }>> = (cx) => {
  const { node, v } = cx;
  // Without `type` (`{maxLength: 3}`), the keywords apply to strings and any other value passes.
  if (node.typeAsserted === false)
    cx.out.block(_`if (typeof ${v} === 'string')`, () =>
      assertAll(cx, stringAssertions(cx.cc, node, v, node.pointer)),
    );
  else
    typeTest(cx, _`typeof ${v} !== 'string'`, () =>
      assertAll(cx, stringAssertions(cx.cc, node, v, node.pointer)),
    );
};
