/** The fields every node carries (`NodeBase`): read from a schema, and carried onto a node that stands for it. */
import type { JsonValue } from '../../ir/base.ts';
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import { readNotShown, type Json } from '../context.ts';
import type { SchemaParse } from './context.ts';

export function nodeBase(schema: Json, pointer: string, p: SchemaParse): NodeBase {
  const node: NodeBase = { nullable: false, pointer };
  if (typeof schema.description === 'string') node.description = schema.description.trim();
  else if (typeof schema.title === 'string') node.description = schema.title;
  if (schema.default !== undefined) node.default = schema.default as JsonValue;
  if (schema.deprecated === true) node.deprecated = true;
  if (Array.isArray(schema.examples)) node.examples = schema.examples as JsonValue[];
  else if (schema.example !== undefined) node.examples = [schema.example as JsonValue];
  const notShown = readNotShown(
    p.ctx,
    schema,
    pointer,
    `schema ${pointer.replace('#/components/schemas/', '')}`,
    p.area(),
  );
  if (notShown) node.notShown = notShown;
  return node;
}

/** `node` standing for a schema whose own fields are `b` (a one-member `allOf` or union). */
export function mergeBase(node: TypeNode, b: NodeBase): TypeNode {
  const merged = { ...node };
  if (b.nullable) merged.nullable = true;
  if (b.description) merged.description = b.description;
  if (b.default !== undefined) merged.default = b.default;
  if (b.notShown) merged.notShown = [...(node.notShown ?? []), ...b.notShown];
  if (b.deprecated) merged.deprecated = true;
  merged.pointer = b.pointer;
  return merged;
}

/** Drops an explicit `description: undefined`, so the node prints as if it had none. */
export function clean(node: TypeNode): TypeNode {
  if (node.description === undefined) delete node.description;
  return node;
}
