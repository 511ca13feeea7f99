/**
 * Objects: properties (sorted by wire name), `additionalProperties`, `propertyNames`, `patternProperties`, counts
 * and `x-rules`; an object whose only content is `additionalProperties` is a map.
 */
import { joinPointer } from '../../diagnostics.ts';
import { sortedBy } from '../../ir/order.ts';
import type { NodeBase, ObjectNode, Property, StringConstraints, TypeNode } from '../../ir/schema.ts';
import { nearest } from '../../naming/distance.ts';
import { isObject, refChain, type Json } from '../context.ts';
import { parseRules } from '../rules.ts';
import type { SchemaParse } from './context.ts';
import { checkPattern, stringConstraints } from './string.ts';

/** `propertyNames` keywords kept as string constraints of the keys; any other makes a schema checked on each key. */
const SIMPLE_NAME_KEYS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'description',
  'title',
  '$comment',
  'type',
];

export function parseObject(
  schema: Json,
  b: NodeBase,
  pointer: string,
  typeAsserted: boolean,
  p: SchemaParse,
): TypeNode {
  const { ctx, parse } = p;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const propsRaw = isObject(schema.properties) ? schema.properties : {};
  const properties: Property[] = Object.keys(propsRaw).map((name) => {
    const type = parse(propsRaw[name], joinPointer(pointer, 'properties', name));
    const prop: Property = { name, required: required.includes(name), type };
    if (type.description) prop.description = type.description;
    if (type.notShown) prop.notShown = type.notShown;
    const access = accessOf(p.ctx.document, propsRaw[name]);
    if (access) prop.access = access;
    return prop;
  });
  const extraRequired = required.filter((r) => !Object.hasOwn(propsRaw, r));
  const ap = schema.additionalProperties;
  checkRequiredNames(required, propsRaw, ap, pointer, p);
  const additional: TypeNode | boolean =
    ap === undefined || ap === true
      ? true
      : ap === false
        ? false
        : parse(ap, joinPointer(pointer, 'additionalProperties'));
  const pn = schema.propertyNames;
  // Length, pattern and format stay string constraints of the keys; any other schema is checked on each key.
  const simple =
    isObject(pn) &&
    Object.keys(pn).every((k) => SIMPLE_NAME_KEYS.includes(k)) &&
    (pn.type === undefined || pn.type === 'string');
  const propertyNames = simple ? stringConstraints(pn) : undefined;
  const namesType =
    pn !== undefined && !simple ? parse(pn, joinPointer(pointer, 'propertyNames')) : undefined;
  const propertyNamesType = namesType && namesType.kind !== 'unknown' ? namesType : undefined;
  if (propertyNames?.pattern !== undefined)
    checkPattern(ctx, propertyNames, joinPointer(pointer, 'propertyNames', 'pattern'));
  const rules = parseRules(
    ctx,
    schema['x-rules'],
    joinPointer(pointer, 'x-rules'),
    (s, at) => parse(s, at),
    propsRaw,
  );
  const patternProperties = isObject(schema.patternProperties)
    ? Object.entries(schema.patternProperties).flatMap(([pattern, s]) => {
        const c: StringConstraints = { pattern };
        checkPattern(ctx, c, joinPointer(pointer, 'patternProperties'));
        if (c.pattern === undefined) return [];
        return [
          {
            pattern,
            flags: c.patternFlags ?? ('u' as const),
            ...(c.patternLinear ? { linear: true as const } : {}),
            type: parse(s, joinPointer(pointer, 'patternProperties', pattern)),
          },
        ];
      })
    : [];
  if (
    properties.length === 0 &&
    extraRequired.length === 0 &&
    typeof additional === 'object' &&
    rules.length === 0 &&
    typeAsserted &&
    !patternProperties.length
  ) {
    const map: TypeNode = { ...b, kind: 'map', values: additional };
    if (typeof schema.minProperties === 'number') map.minProperties = schema.minProperties;
    if (typeof schema.maxProperties === 'number') map.maxProperties = schema.maxProperties;
    if (propertyNames) map.propertyNames = propertyNames;
    if (propertyNamesType) map.propertyNamesType = propertyNamesType;
    return map;
  }
  // Sorted by wire name once parsed (parsing stays in the spec's order, as do its messages).
  const node: ObjectNode = {
    ...b,
    kind: 'object',
    properties: sortedBy(properties, (prop) => prop.name),
    additional,
    extraRequired,
    rules,
    typeAsserted,
  };
  if (ap === true) node.additionalGiven = true;
  if (typeof schema.minProperties === 'number') node.minProperties = schema.minProperties;
  if (typeof schema.maxProperties === 'number') node.maxProperties = schema.maxProperties;
  if (propertyNames) node.propertyNames = propertyNames;
  if (propertyNamesType) node.propertyNamesType = propertyNamesType;
  if (patternProperties.length) node.patternProperties = patternProperties;
  return node;
}

/** A condition (`not`, `if`, `then`, `else`, a dependent schema) constrains its parent: its names are the parent's. */
const CONDITION = /\/(not|if|then|else)$|\/(dependentSchemas|dependencies)\/[^/]+$/;

/**
 * A required name that no property declares is a typo (`modle` for `model`) that would silently make the real
 * property optional. Allowed only where the name can still be typed: no `properties` at all (a constraint over
 * other members) or extra keys given a schema by `additionalProperties`. The parts of an `allOf` and conditions
 * are not checked alone: a name may come from a sibling or the parent.
 */
function checkRequiredNames(
  required: string[],
  propsRaw: Json,
  ap: unknown,
  pointer: string,
  { ctx, allOfParts }: SchemaParse,
): void {
  if (
    Object.keys(propsRaw).length === 0 ||
    isObject(ap) ||
    allOfParts.has(pointer) ||
    CONDITION.test(pointer)
  )
    return;
  required.forEach((name, i) => {
    if (Object.hasOwn(propsRaw, name)) return;
    const near = nearest(name, Object.keys(propsRaw));
    ctx.diagnostics.report(
      'invalid-openapi',
      `required names '${name}', which is not a property of this object (${near ? `did you mean '${near}'? ` : ''}properties: ${Object.keys(propsRaw).join(', ')})`,
      ctx.locate(joinPointer(pointer, 'required', i)),
      `the validators require '${name}'; the types do not name it`,
    );
  });
}

/** `readOnly` or `writeOnly` on a property's schema, its own or along its `$ref` chain (see `Property.access`). */
export function accessOf(document: unknown, raw: unknown): Property['access'] {
  for (const node of refChain(document, raw)) {
    if (node.readOnly === true) return 'readOnly';
    if (node.writeOnly === true) return 'writeOnly';
  }
  return undefined;
}

/**
 * The access marks `allOf` members (followed through `$ref`s and nested `allOf`s) give the names a sibling `required`
 * lists without declaring them (see `ObjectNode.extraAccess`).
 */
export function extraAccessOf(
  document: unknown,
  members: unknown[],
  names: string[],
): Record<string, 'readOnly' | 'writeOnly'> {
  const out: Record<string, 'readOnly' | 'writeOnly'> = {};
  const seen = new Set<unknown>();
  const visit = (raw: unknown): void => {
    const node = refChain(document, raw).at(-1);
    if (node === undefined || seen.has(node)) return;
    seen.add(node);
    const props = isObject(node.properties) ? node.properties : {};
    for (const name of names) {
      const access = Object.hasOwn(props, name) ? accessOf(document, props[name]) : undefined;
      if (access && !(name in out)) out[name] = access;
    }
    if (Array.isArray(node.allOf)) node.allOf.forEach(visit);
  };
  members.forEach(visit);
  return out;
}
