/** Arrays: `items`, `prefixItems` (a tuple prefix), counts, `uniqueItems` and `contains`. */
import { joinPointer } from '../../diagnostics.ts';
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import type { Json } from '../context.ts';
import type { SchemaParse } from './context.ts';

export function parseArray(schema: Json, b: NodeBase, pointer: string, { parse }: SchemaParse): TypeNode {
  const items =
    schema.items === undefined
      ? { kind: 'unknown' as const, nullable: false, pointer }
      : parse(schema.items, joinPointer(pointer, 'items'));
  const node: TypeNode = { ...b, kind: 'array', items };
  if (schema.items === undefined) node.itemsAbsent = true;
  if (Array.isArray(schema.prefixItems)) {
    node.prefixItems = schema.prefixItems.map((s, i) => parse(s, joinPointer(pointer, 'prefixItems', i)));
  }
  if (typeof schema.minItems === 'number') node.minItems = schema.minItems;
  if (typeof schema.maxItems === 'number') node.maxItems = schema.maxItems;
  if (schema.uniqueItems === true) node.uniqueItems = true;
  if (schema.contains !== undefined) {
    node.contains = parse(schema.contains, joinPointer(pointer, 'contains'));
    if (typeof schema.minContains === 'number') node.minContains = schema.minContains;
    if (typeof schema.maxContains === 'number') node.maxContains = schema.maxContains;
  }
  return node;
}
