/** `propertyNames` (string constraints on every key, or any schema), and `minProperties`/`maxProperties`. */
import { _, Name } from '../../code/index.ts';
import type { StringConstraints, TypeNode } from '../../../ir/types.ts';
import { describe } from '../describe.ts';
import { assertAll, runOf, type Cx } from '../context.ts';
import { dynamic } from '../path.ts';
import { stringAssertions } from './string.ts';

/** The loop variable of key iterations. */
export const KEY = new Name('k');

const properties = (n: number) => `propert${n === 1 ? 'y' : 'ies'}`;

export function propertyCount(cx: Cx, node: { minProperties?: number; maxProperties?: number }): void {
  if (node.minProperties === undefined && node.maxProperties === undefined) return;
  const { cc, out, v, mode, p } = cx;
  const keyCount = cc.rt('keyCount');
  if (node.minProperties !== undefined) cc.failIf(out, _`${keyCount}(${v}) < ${node.minProperties}`, mode, p, 'min_properties', `must have at least ${node.minProperties} ${properties(node.minProperties)}`);
  if (node.maxProperties !== undefined) cc.failIf(out, _`${keyCount}(${v}) > ${node.maxProperties}`, mode, p, 'max_properties', `must have at most ${node.maxProperties} ${properties(node.maxProperties)}`);
}

/** `propertyNames` of string constraints only: each key checked inline. */
export function propertyNameConstraints(cx: Cx, names: StringConstraints | undefined, pointer: string): void {
  if (!names || (names.minLength === undefined && names.maxLength === undefined && names.pattern === undefined)) return;
  const { cc, out, v, mode, p } = cx;
  const esc = cc.rt('esc');
  out.block(_`for (const k in ${v})`, () => {
    if (mode === 'check') out.line(_`if (c.full) break;`);
    assertAll(cx, stringAssertions(cc, names, KEY, pointer, true), dynamic(p, _`${esc}(k)`));
  });
}

/** `propertyNames` with any other schema: each key tested by the schema's `is` function. */
export function propertyNamesSchema(cx: Cx, type: TypeNode | undefined): void {
  if (!type) return;
  const { cc, out, v, mode, p } = cx;
  const esc = cc.rt('esc');
  const is = cc.helper(type, 'is');
  out.block(_`for (const k in ${v})`, () => {
    if (mode === 'check') out.line(_`if (c.full) break;`);
    cc.failIf(out, _`!${is}(k, ${runOf(mode)})`, mode, dynamic(p, _`${esc}(k)`), 'property_name', `key must be ${describe(type)}`);
  });
}

