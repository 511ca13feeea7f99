/**
 * `check` mode: the one error of a scalar node that asserts nothing but its type, its value or its values (a string
 * with no limits, an integer, an enum), written where the node is checked instead of a call: the helper would only
 * add that error, and a helper shared by several places would join its `schemaPath` at run time.
 */
import type { TypeNode } from '../../../ir/schema.ts';
import { _, type Code } from '../code/index.ts';
import type { Scope, Services } from '../context.ts';
import { pathExpr, type PathRef } from '../path.ts';
import { hasApplicators, hasChecks } from '../structure.ts';
import { enumMessage, literalMessage } from './enum.ts';
import { typeMessage } from './type.ts';

/** The `c.add(…)` of `node`'s one assertion, run when its `leafCondition` is true; undefined for any other node. */
export function leafError(cc: Services, node: TypeNode, p: PathRef, s: Scope): Code | undefined {
  if (hasApplicators(node)) return undefined;
  const error = (code: string, message: string, keyword: string) =>
    _`c.add(${pathExpr(p)}, ${code}, ${message}, ${cc.schemaAt(s, node.pointer, keyword)})`;
  switch (node.kind) {
    case 'boolean':
    case 'null':
      return error('type', typeMessage(node), 'type');
    case 'string':
    case 'number':
      return node.typeAsserted === false || hasChecks(node, cc.options)
        ? undefined
        : error('type', typeMessage(node), 'type');
    case 'literal':
      return error('const', literalMessage(node), 'const');
    case 'enum':
      return node.open ? error('type', typeMessage(node), 'type') : error('enum', enumMessage(node), 'enum');
    default:
      return undefined;
  }
}
