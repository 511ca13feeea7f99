/** `const` and `enum`: scalar values compared with `===` (a set for long lists), any JSON value with JSON equality. */
import { _, join, type Code } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import { listValues } from '../describe.ts';
import { schemaOf, type KeywordCompiler, type Services, type Value } from '../context.ts';
import { typeTest } from './type.ts';

type LiteralNode = Extract<TypeNode, { kind: 'literal' }>;
type EnumNode = Extract<TypeNode, { kind: 'enum' }>;

export const literalTest = (node: LiteralNode, v: Value): Code => _`${v} !== ${node.value}`;
export const literalMessage = (node: LiteralNode): string => `must be ${JSON.stringify(node.value)}`;
export const enumMessage = (node: EnumNode): string => `must be one of ${listValues(node.values)}`;

/** True when `v` is none of the enum's values (an open enum: not of the values' types). */
export function enumTest(cc: Services, node: EnumNode, v: Value): Code {
  if (node.open) {
    const kinds = [...new Set(['string', ...node.values.map((x) => typeof x)])];
    return join(
      kinds.map((k) => _`typeof ${v} !== ${k}`),
      _` && `,
    );
  }
  return node.values.length <= 4
    ? join(
        node.values.map((x) => _`${v} !== ${x}`),
        _` && `,
      )
    : _`!${cc.valueSet(node.values)}.has(${v})`;
}

export const literalType: KeywordCompiler<LiteralNode> = (cx) => {
  cx.out.block(_`if (${literalTest(cx.node, cx.v)})`, () =>
    cx.cc.fail(cx.out, cx.mode, cx.p, 'const', literalMessage(cx.node), schemaOf(cx, 'const')),
  );
};

export const enumType: KeywordCompiler<EnumNode> = (cx) => {
  const { node } = cx;
  if (node.open) return typeTest(cx, enumTest(cx.cc, node, cx.v));
  const cond = enumTest(cx.cc, node, cx.v);
  cx.out.block(_`if (${cond})`, () =>
    cx.cc.fail(cx.out, cx.mode, cx.p, 'enum', enumMessage(node), schemaOf(cx, 'enum')),
  );
};

/** `const`/`enum` of objects or arrays (beside any node): JSON equality against a module-level list. */
export const jsonValues: KeywordCompiler = (cx) => {
  const values = cx.node.jsonValues;
  if (!values) return;
  const jsonEqual = cx.cc.rt('jsonEqual');
  const list = cx.cc.constant('JSON_VALUES', _`readonly unknown[]`, _`${values}`);
  const shown = values.map((x) => JSON.stringify(x)).join(', ');
  const message = `must be ${values.length === 1 ? '' : 'one of '}${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`;
  cx.cc.failIf(
    cx.out,
    _`!${list}.some((j) => ${jsonEqual}(${cx.v}, j))`,
    cx.mode,
    cx.p,
    values.length === 1 ? 'const' : 'enum',
    message,
    schemaOf(cx, values.length === 1 ? 'const' : 'enum'),
  );
};
