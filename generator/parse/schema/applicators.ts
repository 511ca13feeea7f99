/**
 * Keywords that apply beside a schema's shape: `if`/`then`/`else`, `not`, `dependentRequired`, `dependentSchemas`
 * (and draft 4's `dependencies`), `unevaluatedProperties` and `unevaluatedItems`.
 */
import { fail, joinPointer } from '../../diagnostics.ts';
import type { Conditional, TypeNode } from '../../ir/schema.ts';
import { isObject, type Json } from '../context.ts';
import type { SchemaParse } from './context.ts';
import { APPLICATOR_KEYS } from './keywords.ts';

export function attachApplicators(schema: Json, pointer: string, shape: TypeNode, p: SchemaParse): TypeNode {
  const { ctx, parse } = p;
  // A shape that already carries applicators (a one-member `allOf` merged into its parent): the parent's own
  // keywords must not replace the member's, so they apply beside it.
  const clash =
    APPLICATOR_KEYS.some((k) => schema[k] !== undefined) &&
    (shape.not ||
      shape.dependentRequired ||
      shape.dependentSchemas ||
      shape.unevaluatedProperties ||
      shape.unevaluatedItems);
  const node: TypeNode = clash ? { nullable: false, pointer, kind: 'intersection', members: [shape] } : shape;
  if (schema.if !== undefined) {
    const conditional: Conditional = { if: parse(schema.if, joinPointer(pointer, 'if')) };
    if (schema.then !== undefined) conditional.then = parse(schema.then, joinPointer(pointer, 'then'));
    if (schema.else !== undefined) conditional.else = parse(schema.else, joinPointer(pointer, 'else'));
    node.conditionals = [...(node.conditionals ?? []), conditional];
  } else if (schema.then !== undefined || schema.else !== undefined) {
    ctx.diagnostics.report(
      'invalid-openapi',
      "'then'/'else' without 'if' has no effect",
      ctx.locate(pointer),
      'ignored, as JSON Schema does',
    );
  }
  if (schema.not !== undefined) node.not = [parse(schema.not, joinPointer(pointer, 'not'))];
  if (schema.dependentRequired !== undefined) {
    if (!isObject(schema.dependentRequired))
      fail('invalid-openapi', 'dependentRequired must be an object', ctx.locate(pointer));
    node.dependentRequired = schema.dependentRequired as Record<string, string[]>;
  }
  if (isObject(schema.dependentSchemas)) {
    const deps: Record<string, TypeNode> = {};
    for (const [key, s] of Object.entries(schema.dependentSchemas))
      deps[key] = parse(s, joinPointer(pointer, 'dependentSchemas', key));
    node.dependentSchemas = deps;
  }
  // Draft 4 to 2019-09 `dependencies`: a list of names is `dependentRequired`, a schema is `dependentSchemas`.
  if (schema.dependencies !== undefined) {
    if (!isObject(schema.dependencies))
      fail(
        'invalid-openapi',
        'dependencies must be an object',
        ctx.locate(joinPointer(pointer, 'dependencies')),
      );
    for (const [key, dep] of Object.entries(schema.dependencies)) {
      if (Array.isArray(dep)) node.dependentRequired = { ...node.dependentRequired, [key]: dep as string[] };
      else
        node.dependentSchemas = {
          ...node.dependentSchemas,
          [key]: parse(dep, joinPointer(pointer, 'dependencies', key)),
        };
    }
  }
  if (schema.unevaluatedProperties !== undefined)
    node.unevaluatedProperties = parse(
      schema.unevaluatedProperties,
      joinPointer(pointer, 'unevaluatedProperties'),
    );
  if (schema.unevaluatedItems !== undefined)
    node.unevaluatedItems = parse(schema.unevaluatedItems, joinPointer(pointer, 'unevaluatedItems'));
  return node;
}
