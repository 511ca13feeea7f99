/** Numbers and integers, with OpenAPI 3.0's boolean exclusive bounds read as 3.1's numbers. */
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import type { Json } from '../context.ts';

export function parseNumber(schema: Json, b: NodeBase, integer: boolean): TypeNode {
  const node: TypeNode = { ...b, kind: 'number', integer };
  if (typeof schema.minimum === 'number') node.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') node.maximum = schema.maximum;
  if (typeof schema.multipleOf === 'number') node.multipleOf = schema.multipleOf;
  // OpenAPI 3.0: boolean exclusive flags modify minimum/maximum.
  if (schema.exclusiveMinimum === true && node.minimum !== undefined) {
    node.exclusiveMinimum = node.minimum;
    delete node.minimum;
  } else if (typeof schema.exclusiveMinimum === 'number') node.exclusiveMinimum = schema.exclusiveMinimum;
  if (schema.exclusiveMaximum === true && node.maximum !== undefined) {
    node.exclusiveMaximum = node.maximum;
    delete node.maximum;
  } else if (typeof schema.exclusiveMaximum === 'number') node.exclusiveMaximum = schema.exclusiveMaximum;
  return node;
}
