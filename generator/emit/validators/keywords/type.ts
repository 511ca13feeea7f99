/** `type` for the kinds without further keywords (any, nothing, boolean, null, binary), and the type test itself. */
import { _, type Code } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import { describe } from '../describe.ts';
import { schemaOf, type Cx, type KeywordCompiler } from '../context.ts';
import { hasChecks } from '../structure.ts';

export const typeMessage = (node: TypeNode): string => `must be ${describe(node)}`;

/**
 * Refuses a value of the wrong type (`cond` true), then writes `then`, the node's other checks, on a value of the
 * right one. In `is` mode the `return` narrows the value's type for the checks that follow.
 */
export function typeTest(cx: Cx, cond: Code, then?: () => void): void {
  const { out, mode, node } = cx;
  if (mode === 'is') {
    out.line(_`if (${cond}) return false;`);
    if (then && hasChecks(node, cx.cc.options)) then();
    return;
  }
  out.block(_`if (${cond})`, () =>
    cx.cc.fail(out, mode, cx.p, 'type', typeMessage(node), schemaOf(cx, 'type')),
  );
  if (then && hasChecks(node, cx.cc.options)) out.else(then);
}

export const anyValue: KeywordCompiler = () => {};

/** The `false` schema: its `schemaPath` is the schema itself (it has no keyword). */
export const nothing: KeywordCompiler = (cx) =>
  cx.cc.fail(cx.out, cx.mode, cx.p, 'never', 'is not allowed', cx.cc.schemaAt(cx.s, cx.node.pointer));

export const booleanType: KeywordCompiler = (cx) => typeTest(cx, _`typeof ${cx.v} !== 'boolean'`);

export const nullType: KeywordCompiler = (cx) => typeTest(cx, _`${cx.v} !== null`);

export const binaryType: KeywordCompiler = (cx) => typeTest(cx, _`!(${cx.v} instanceof Blob)`);
