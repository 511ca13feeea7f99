/** `$ref` (and `$dynamicRef`, resolved to a named schema): a call to the named schema's function. */
import { _ } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import type { KeywordCompiler } from '../context.ts';
import { pathExpr } from '../path.ts';

export const ref: KeywordCompiler<Extract<TypeNode, { kind: 'ref' }>> = (cx) => {
  const { cc, node, v, p, mode, out } = cx;
  if (mode === 'is') out.line(_`if (!${cc.linked(node.target, 'is')}(${v}, r)) return false;`);
  else out.line(_`${cc.linked(node.target, 'check')}(${v}, ${pathExpr(p)}, c);`);
};
