/** Cross-field rules of an object (`x-rules`: compare, subset, dimensions), each optionally under a `when` schema. */
import { _, join, nil, type Code } from '../code/index.ts';
import { DIMENSION_LIMITS, type CrossFieldRule, type ObjectNode } from '../../../ir/schema.ts';
import { runOf, type Cx } from '../context.ts';
import { child } from '../path.ts';

const OPERATORS = { gt: _`>`, gte: _`>=`, lt: _`<`, lte: _`<=`, eq: _`===`, ne: _`!==` } as const;

export function crossFieldRule(cx: Cx<ObjectNode>, rule: CrossFieldRule): void {
  const { cc, node, v, p, mode, s, out } = cx;
  // A field's default stands in for it when absent, as the server would apply it.
  const operand = (name: string): Code => {
    const def = node.properties.find((pr) => pr.name === name)?.type.default;
    return def === undefined ? cc.read(v, name) : _`(${cc.read(v, name)} ?? ${def})`;
  };
  const at = child(p, rule.field);
  const when = rule.when ? _`${cc.helper(rule.when, 'is')}(${v}, ${runOf(mode)}) && ` : nil;
  const a = cc.fresh(s, 'a');
  const failWhen = (broken: Code): void =>
    cc.failIf(out, broken, mode, at, 'rule', rule.message, cc.schemaAt(cx.s, rule.pointer));
  out.block(nil, () => {
    out.line(_`const ${a} = ${operand(rule.field)};`);
    switch (rule.kind) {
      case 'compare': {
        const b = cc.fresh(s, 'b');
        out.line(_`const ${b} = ${operand(rule.other)};`);
        const rhs = rule.scale === 1 ? _`${b}` : _`${rule.scale} * ${b}`;
        failWhen(
          _`${when}typeof ${a} === 'number' && typeof ${b} === 'number' && !(${a} ${OPERATORS[rule.op]} ${rhs})`,
        );
        break;
      }
      case 'subset': {
        const notSubsetIndex = cc.rt('notSubsetIndex');
        const b = cc.fresh(s, 'b');
        out.line(_`const ${b} = ${operand(rule.of)};`);
        failWhen(
          _`${when}Array.isArray(${a}) && Array.isArray(${b}) && ${notSubsetIndex}(${a}, ${b}) !== -1`,
        );
        break;
      }
      case 'dimensions': {
        const dimensionsOk = cc.rt('dimensionsOk');
        const limits: Record<string, number> = {};
        for (const k of DIMENSION_LIMITS) if (rule[k] !== undefined) limits[k] = rule[k];
        const except = join(
          rule.except.map((e) => _` && ${a} !== ${e}`),
          nil,
        );
        failWhen(_`${when}typeof ${a} === 'string'${except} && !${dimensionsOk}(${a}, ${limits})`);
        break;
      }
    }
  });
}
