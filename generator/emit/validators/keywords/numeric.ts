/** `type: number|integer`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`. */
import { _, type Code } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import { assertAll, type Assertion, type KeywordCompiler, type Services, type Value } from '../context.ts';
import { typeTest } from './type.ts';

type NumberNode = Extract<TypeNode, { kind: 'number' }>;

export function numberAssertions(cc: Services, n: NumberNode, v: Value): Assertion[] {
  const out: Assertion[] = [];
  if (n.minimum !== undefined)
    out.push({
      cond: _`${v} < ${n.minimum}`,
      code: 'minimum',
      message: `must be at least ${n.minimum}`,
      keyword: 'minimum',
    });
  if (n.maximum !== undefined)
    out.push({
      cond: _`${v} > ${n.maximum}`,
      code: 'maximum',
      message: `must be at most ${n.maximum}`,
      keyword: 'maximum',
    });
  if (n.exclusiveMinimum !== undefined)
    out.push({
      cond: _`${v} <= ${n.exclusiveMinimum}`,
      code: 'exclusive_minimum',
      message: `must be greater than ${n.exclusiveMinimum}`,
      keyword: 'exclusiveMinimum',
    });
  if (n.exclusiveMaximum !== undefined)
    out.push({
      cond: _`${v} >= ${n.exclusiveMaximum}`,
      code: 'exclusive_maximum',
      message: `must be less than ${n.exclusiveMaximum}`,
      keyword: 'exclusiveMaximum',
    });
  if (n.multipleOf !== undefined) {
    // Integers by an integer: the exact remainder; anything else with the runtime's tolerance for binary fractions.
    const exact = Number.isInteger(n.multipleOf) && n.integer;
    const cond = exact ? _`${v} % ${n.multipleOf} !== 0` : _`!${cc.rt('multipleOf')}(${v}, ${n.multipleOf})`;
    out.push({
      cond,
      code: 'multiple_of',
      message: `must be a multiple of ${n.multipleOf}`,
      keyword: 'multipleOf',
    });
  }
  return out;
}

export const numberTest = (n: NumberNode, v: Value): Code =>
  n.integer
    ? _`typeof ${v} !== 'number' || !Number.isInteger(${v})`
    : _`typeof ${v} !== 'number' || !Number.isFinite(${v})`;

export const numberType: KeywordCompiler<NumberNode> = (cx) => {
  const { node, v } = cx;
  // Without `type` (`{maximum: 3}`), the keywords apply to numbers and any other value passes.
  if (node.typeAsserted === false)
    cx.out.block(_`if (typeof ${v} === 'number')`, () => assertAll(cx, numberAssertions(cx.cc, node, v)));
  else typeTest(cx, numberTest(node, v), () => assertAll(cx, numberAssertions(cx.cc, node, v)));
};
