/**
 * `allOf` (an intersection, or the one member it has) and `oneOf`/`anyOf` (a union: `{type: "null"}` members fold
 * into `nullable`, an enum beside a plain string is an open enum, and a discriminated union lists the named schemas
 * of members that are themselves unions of references).
 */
import { joinPointer } from '../../diagnostics.ts';
import type { TypeNode } from '../../ir/schema.ts';
import { decodeToken, isObject, resolveInternal, type Json } from '../context.ts';
import type { Converter, SchemaParse } from './context.ts';
import { parseDiscriminator } from './discriminator.ts';
import { openEnum } from './enum.ts';
import { hasShape, stripKeys } from './json.ts';
import { COMPONENT_REF } from './keywords.ts';
import { clean, mergeBase } from './node.ts';
import { extraAccessOf } from './object.ts';

export const convertAllOf: Converter = (schema, b, pointer, p) => {
  p.allOfParts.add(pointer);
  (schema.allOf as unknown[]).forEach((_, i) => p.allOfParts.add(joinPointer(pointer, 'allOf', i)));
  const members = (schema.allOf as unknown[]).map((s, i) => p.parse(s, joinPointer(pointer, 'allOf', i)));
  const rest = stripKeys(schema, ['allOf']);
  if (
    hasShape(rest) ||
    Array.isArray(rest.anyOf) ||
    Array.isArray(rest.oneOf) ||
    typeof rest.$ref === 'string'
  )
    members.push(p.shape(rest, pointer));
  // A `required` beside the members, or in one of them, may name a property another member declares read-only
  // (PagerDuty's `Reference`: `allOf [{properties: {id: readOnly}}, {required: [id]}]`).
  for (const own of members) {
    if (own.kind !== 'object' || !own.extraRequired.length) continue;
    const access = extraAccessOf(p.ctx.document, schema.allOf as unknown[], own.extraRequired);
    if (Object.keys(access).length) own.extraAccess = access;
  }
  if (schema.nullable === true) b.nullable = true;
  if (members.length === 1) return mergeBase(members[0]!, b);
  return { ...b, kind: 'intersection', members };
};

export const convertUnion: Converter = (schema, b, pointer, p) => {
  const mode = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
  const list = schema[mode] as unknown[];
  let variants = list.map((s, i) => p.parse(s, joinPointer(pointer, mode, i)));
  if (schema.nullable === true) b.nullable = true;
  // `{type: null}` folds into `nullable`, except in a oneOf where another member may accept null too (then null
  // matches two members and is refused).
  const mayBeNull = (v: TypeNode) =>
    v.nullable ||
    v.kind === 'unknown' ||
    v.kind === 'intersection' ||
    v.kind === 'union' ||
    ('typeAsserted' in v && v.typeAsserted === false);
  if (
    variants.some((v) => v.kind === 'null') &&
    !(mode === 'oneOf' && variants.some((v) => v.kind !== 'null' && mayBeNull(v)))
  ) {
    b.nullable = true;
    variants = variants.filter((v) => v.kind !== 'null');
  }
  // `oneOf` beside `anyOf`: the union is the `oneOf`; the `anyOf` stays with the sibling keywords.
  const rest = stripKeys(schema, mode === 'oneOf' ? ['oneOf', 'discriminator'] : ['anyOf', 'discriminator']);
  const sibling = hasShape(rest) || Array.isArray(rest.anyOf) ? p.shape(rest, pointer) : undefined;
  // "Known values; any string accepted": anyOf [enum of strings, plain string].
  const open = openEnum(variants);
  let node: TypeNode;
  if (open) node = { ...b, ...open, pointer };
  else if (variants.length === 0) node = { ...b, kind: 'null' };
  else if (variants.length === 1 && !schema.discriminator) node = mergeBase(variants[0]!, b);
  else {
    // A discriminated union whose members are themselves unions of named schemas (inline, or a named schema
    // that is only a oneOf/anyOf of references) lists those schemas directly: the discriminator then selects one.
    if (schema.discriminator !== undefined) {
      const property = isObject(schema.discriminator) ? schema.discriminator.propertyName : undefined;
      variants = variants.flatMap((v) => unionMembers(v, property, p) ?? [v]);
    }
    node = { ...b, kind: 'union', mode, variants };
    if (schema.discriminator !== undefined) {
      const discriminator = parseDiscriminator(p.ctx, schema.discriminator, variants, pointer);
      if (discriminator) node.discriminator = discriminator;
    }
  }
  return sibling
    ? {
        ...b,
        kind: 'intersection',
        members: [sibling, { ...node, description: undefined } as TypeNode].map(clean),
      }
    : node;
};

/** Keys a named schema that is only a union of references may have beside the union. */
const UNION_ONLY_KEYS = [
  'oneOf',
  'anyOf',
  'description',
  'title',
  'x-not-shown',
  'example',
  'examples',
  'discriminator',
];

/** The references a union member stands for, when it is a plain union of references (inline or named). */
function unionMembers(v: TypeNode, property: unknown, { ctx }: SchemaParse): TypeNode[] | undefined {
  if (v.kind === 'union' && !v.discriminator && !v.nullable && v.variants.every((m) => m.kind === 'ref'))
    return v.variants;
  if (v.kind !== 'ref' || v.nullable) return undefined;
  const raw = resolveInternal(ctx.document, joinPointer('#/components/schemas', v.target));
  // A member discriminated by the same property, without its own mapping, selects the same way.
  const sameDiscriminator =
    isObject(raw) &&
    isObject(raw.discriminator) &&
    raw.discriminator.propertyName === property &&
    raw.discriminator.mapping === undefined;
  if (!isObject(raw) || (raw.discriminator !== undefined && !sameDiscriminator) || raw.nullable === true)
    return undefined;
  const list = Array.isArray(raw.oneOf) ? raw.oneOf : Array.isArray(raw.anyOf) ? raw.anyOf : undefined;
  if (
    !list ||
    Object.keys(raw).some((k) => !UNION_ONLY_KEYS.includes(k) && !(k === 'type' && raw.type === 'object'))
  )
    return undefined;
  if (
    !list.every(
      (m) =>
        isObject(m) &&
        typeof m.$ref === 'string' &&
        COMPONENT_REF.test(m.$ref) &&
        Object.keys(m).length === 1,
    )
  )
    return undefined;
  return list.map((m) => ({
    kind: 'ref' as const,
    target: decodeToken(COMPONENT_REF.exec((m as Json).$ref as string)![1]!),
    nullable: false,
    pointer: v.pointer,
  }));
}
