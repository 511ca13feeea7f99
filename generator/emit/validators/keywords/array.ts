/** `type: array`, `minItems`, `maxItems`, `prefixItems`, `items`, `contains`/`minContains`/`maxContains`, `uniqueItems`. */
import { _ } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import { describe } from '../describe.ts';
import { runOf, schemaOf, type Cx, type KeywordCompiler } from '../context.ts';
import { child, dynamic } from '../path.ts';
import { constrains } from '../structure.ts';
import { typeTest } from './type.ts';

type ArrayNode = Extract<TypeNode, { kind: 'array' }>;

const items = (n: number) => `item${n === 1 ? '' : 's'}`;

function arrayKeywords(cx: Cx<ArrayNode>): void {
  const { node: a, v, p, mode, s, out, cc } = cx;
  if (a.minItems !== undefined && a.minItems > 0)
    cc.failIf(
      out,
      _`${v}.length < ${a.minItems}`,
      mode,
      p,
      'min_items',
      `must have at least ${a.minItems} ${items(a.minItems)}`,
      schemaOf(cx, 'minItems'),
    );
  const prefix = a.prefixItems ?? [];
  // `items: false` after `prefixItems` bounds the length like `maxItems`.
  const maxItems = a.items.kind === 'never' ? Math.min(prefix.length, a.maxItems ?? Infinity) : a.maxItems;
  if (maxItems !== undefined)
    cc.failIf(
      out,
      _`${v}.length > ${maxItems}`,
      mode,
      p,
      'max_items',
      `must have at most ${maxItems} ${items(maxItems)}`,
      // `items: false` after `prefixItems` is the keyword that bounds it, unless `maxItems` is lower.
      schemaOf(cx, maxItems === a.maxItems ? 'maxItems' : 'items'),
    );
  prefix.forEach((item, i) => {
    const x = cc.fresh(s);
    out.block(_`if (${v}.length > ${i})`, () => {
      out.line(_`const ${x}: unknown = ${v}[${i}];`);
      cc.gen(out, item, x, child(p, String(i)), mode, s);
    });
  });
  if (constrains(a.items) && a.items.kind !== 'never') {
    const i = cc.fresh(s, 'i');
    const x = cc.fresh(s);
    out.block(_`for (let ${i} = ${prefix.length}; ${i} < ${v}.length; ${i}++)`, () => {
      if (mode === 'check') out.line(_`if (c.full) break;`);
      out.line(_`const ${x}: unknown = ${v}[${i}];`);
      cc.gen(out, a.items, x, dynamic(p, _`${i}`), mode, s);
    });
  }
  if (a.contains) {
    const is = cc.helper(a.contains, 'is');
    const n = cc.fresh(s, 'n');
    const i = cc.fresh(s, 'i');
    const min = a.minContains ?? 1;
    out.line(_`let ${n} = 0;`);
    out.block(_`for (let ${i} = 0; ${i} < ${v}.length; ${i}++)`, () =>
      out.line(_`if (${is}(${v}[${i}], ${runOf(mode)})) ${n}++;`),
    );
    const what = (k: number) => `${items(k)} that ${k === 1 ? 'is' : 'are'} ${describe(a.contains!)}`;
    if (min > 0)
      cc.failIf(
        out,
        _`${n} < ${min}`,
        mode,
        p,
        'contains',
        `must contain at least ${min} ${what(min)}`,
        schemaOf(cx, a.minContains === undefined ? 'contains' : 'minContains'),
      );
    if (a.maxContains !== undefined)
      cc.failIf(
        out,
        _`${n} > ${a.maxContains}`,
        mode,
        p,
        'contains',
        `must contain at most ${a.maxContains} ${what(a.maxContains)}`,
        schemaOf(cx, 'maxContains'),
      );
  }
  if (a.uniqueItems) {
    const duplicateIndex = cc.rt('duplicateIndex');
    const d = cc.fresh(s, 'd');
    out.line(_`const ${d} = ${duplicateIndex}(${v});`);
    cc.failIf(
      out,
      _`${d} !== -1`,
      mode,
      dynamic(p, _`${d}`),
      'unique_items',
      'repeats an earlier item (items must be unique)',
      schemaOf(cx, 'uniqueItems'),
    );
  }
}

export const arrayType: KeywordCompiler<ArrayNode> = (cx) => {
  // Without `type` (`{maxItems: 3}`), the keywords apply to arrays and any other value passes.
  if (cx.node.typeAsserted === false) cx.out.block(_`if (Array.isArray(${cx.v}))`, () => arrayKeywords(cx));
  else typeTest(cx, _`!Array.isArray(${cx.v})`, () => arrayKeywords(cx));
};
