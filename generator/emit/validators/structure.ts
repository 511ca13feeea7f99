import type { TypeNode } from '../../ir/schema.ts';
import { CHECKED_FORMATS } from '../../ir/formats.ts';
import type { ValidatorsConfig } from '../../config/types.ts';

/**
 * Kinds whose `check` helper is called without an `is` test first: containers test each member first, and a union's
 * check runs the same variant tests as its `is` would (testing first did them twice on a bad value).
 */
export const DIRECT_CHECK: ReadonlySet<TypeNode['kind']> = new Set<TypeNode['kind']>([
  'object',
  'map',
  'array',
  'intersection',
  'union',
]);

/** Fields of a type node that never change its validator (documentation, and where it was written). */
const DOC_ONLY = new Set(['description', 'deprecated', 'examples', 'notShown', 'pointer', 'enumName']);
const keys = new WeakMap<TypeNode, string>();

/**
 * A node's structure without its documentation: two sub-schemas with the same key compile to the same code,
 * whichever schema or operation they were written in.
 */
export function structuralKey(node: TypeNode): string {
  let key = keys.get(node);
  if (key === undefined) {
    // Only a node's or a property's own fields are dropped, never keys of values (defaults, dependentRequired).
    key = JSON.stringify(node, function (this: Record<string, unknown>, k, value: unknown) {
      return DOC_ONLY.has(k) && ('kind' in this || ('required' in this && 'type' in this))
        ? undefined
        : value;
    });
    keys.set(node, key);
  }
  return key;
}

/** Whether checking `node` can refuse anything (an `unknown` node may still carry applicators or JSON values). */
export function constrains(node: TypeNode): boolean {
  return node.kind !== 'unknown' || hasApplicators(node);
}

/** Keywords applying beside a node's own shape (a `ref` with any of them needs its own helper). */
export function hasApplicators(node: TypeNode): boolean {
  return (
    !!node.conditionals?.length ||
    !!node.not?.length ||
    !!node.dependentRequired ||
    !!node.dependentSchemas ||
    !!node.jsonValues ||
    !!node.unevaluatedProperties ||
    !!node.unevaluatedItems
  );
}

/** A reference and nothing else: its validator is the named schema's own function. */
export function plainRef(node: TypeNode): node is Extract<TypeNode, { kind: 'ref' }> {
  return node.kind === 'ref' && !node.nullable && !hasApplicators(node);
}

/** Whether a node can evaluate keys or items of its own value (annotations for `unevaluated*`). */
export function annotates(node: TypeNode): boolean {
  switch (node.kind) {
    case 'object':
    case 'map':
    case 'array':
    case 'union':
    case 'intersection':
    case 'ref':
      return true;
    default:
      return (
        !!node.conditionals?.length ||
        !!node.dependentSchemas ||
        !!node.unevaluatedProperties ||
        !!node.unevaluatedItems
      );
  }
}

/** Whether a string, number or array node constrains more than its type (else no `else` block is written). */
export function hasChecks(node: TypeNode, options: ValidatorsConfig): boolean {
  switch (node.kind) {
    case 'string':
      return (
        node.minLength !== undefined ||
        node.maxLength !== undefined ||
        node.pattern !== undefined ||
        (node.format !== undefined && FORMATS.has(node.format) && options.formats === 'assert')
      );
    case 'number':
      return (
        node.minimum !== undefined ||
        node.maximum !== undefined ||
        node.exclusiveMinimum !== undefined ||
        node.exclusiveMaximum !== undefined ||
        node.multipleOf !== undefined
      );
    case 'array':
      return (
        node.minItems !== undefined ||
        node.maxItems !== undefined ||
        !!node.prefixItems?.length ||
        node.uniqueItems === true ||
        constrains(node.items) ||
        node.contains !== undefined
      );
    default:
      return true;
  }
}

/**
 * The formats the runtime checks (`templates/validators/formats.ts`: every one JSON Schema 2020-12 names, and
 * OpenAPI's `byte`), each with the name of its function there (`fmt` and the format in PascalCase); any other format
 * is documentation only.
 */
export const FORMATS: ReadonlyMap<string, string> = new Map(
  CHECKED_FORMATS.map((f) => [
    f,
    `fmt${f.replace(/(^|-)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase())}`,
  ]),
);
