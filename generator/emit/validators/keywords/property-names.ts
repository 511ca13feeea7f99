/** `propertyNames` (string constraints on every key, or any schema), and `minProperties`/`maxProperties`. */
import { _, Name } from '../code/index.ts';
import type { StringConstraints, TypeNode } from '../../../ir/schema.ts';
import { describe } from '../describe.ts';
import { assertAll, runOf, schemaOf, type Cx } from '../context.ts';
import { dynamic } from '../path.ts';
import { stringAssertions } from './string.ts';

/** The loop variable of key iterations. */
export const KEY = new Name('k');

const properties = (n: number) => `propert${n === 1 ? 'y' : 'ies'}`;

export function propertyCount(cx: Cx, node: { minProperties?: number; maxProperties?: number }): void {
  if (node.minProperties === undefined && node.maxProperties === undefined) return;
  const { cc, out, v, mode, p } = cx;
  const keyCount = cc.rt('keyCount');
  if (node.minProperties !== undefined)
    cc.failIf(
      out,
      _`${keyCount}(${v}) < ${node.minProperties}`,
      mode,
      p,
      'min_properties',
      `must have at least ${node.minProperties} ${properties(node.minProperties)}`,
      schemaOf(cx, 'minProperties'),
    );
  if (node.maxProperties !== undefined)
    cc.failIf(
      out,
      _`${keyCount}(${v}) > ${node.maxProperties}`,
      mode,
      p,
      'max_properties',
      `must have at most ${node.maxProperties} ${properties(node.maxProperties)}`,
      schemaOf(cx, 'maxProperties'),
    );
}

/** Whether `names` constrains keys (`propertyNameConstraints` writes a loop). */
export const constrainsNames = (names: StringConstraints | undefined): names is StringConstraints =>
  !!names && (names.minLength !== undefined || names.maxLength !== undefined || names.pattern !== undefined);

/**
 * `propertyNames` of string constraints only: each key checked inline; `then` writes more checks of the same key
 * in the same loop (a map's values: one pass over the keys instead of two).
 */
export function propertyNameConstraints(
  cx: Cx,
  names: StringConstraints | undefined,
  pointer: string,
  then?: () => void,
): void {
  if (!constrainsNames(names)) return;
  const { cc, out, v, mode, p } = cx;
  const esc = cc.rt('esc');
  out.block(_`for (const k in ${v})`, () => {
    if (mode === 'check') out.line(_`if (c.full) break;`);
    assertAll(cx, stringAssertions(cc, names, KEY, pointer, true), dynamic(p, _`${esc}(k)`), pointer);
    then?.();
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
    cc.failIf(
      out,
      _`!${is}(k, ${runOf(mode)})`,
      mode,
      dynamic(p, _`${esc}(k)`),
      'property_name',
      `key must be ${describe(type)}`,
      schemaOf(cx, 'propertyNames'),
    );
  });
}
