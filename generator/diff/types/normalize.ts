/**
 * Reads two ways of writing one type as one, before comparing: the API's meaning, not how the spec spells it.
 *   - an `allOf` of objects is the object it describes (its members merged), so a property that moved from one
 *     member to another has not changed;
 *   - an enum beside string keywords (`maxLength` on an enum) is the enum;
 *   - a union of a plain string and a string enum (`oneOf`/`anyOf`, in either order, inline or named) is an open
 *     enum: known values, any string accepted.
 */
import type { EnumNode, ObjectNode, Property, TypeNode } from '../../ir/schema.ts';
import { shapeKey } from '../context.ts';

type Resolve = (node: TypeNode) => TypeNode;

export function normalize(node: TypeNode, resolve: Resolve): TypeNode {
  if (node.kind === 'intersection') return mergeAllOf(node, resolve) ?? constrainedEnum(node) ?? node;
  if (node.kind === 'union') return openEnum(node, resolve) ?? node;
  return node;
}

/** The members of an `allOf`, flattened through references and nested `allOf`s; undefined when one is not an object. */
function objectMembers(node: TypeNode, resolve: Resolve, depth = 0): ObjectNode[] | undefined {
  if (depth > 16) return undefined;
  const target = node.kind === 'ref' ? resolve(node) : node;
  if (target.kind === 'object') return [target];
  if (target.kind !== 'intersection') return undefined;
  const all: ObjectNode[] = [];
  for (const m of target.members) {
    const found = objectMembers(m, resolve, depth + 1);
    if (!found) return undefined;
    all.push(...found);
  }
  return all;
}

function mergeAllOf(
  node: Extract<TypeNode, { kind: 'intersection' }>,
  resolve: Resolve,
): TypeNode | undefined {
  const members = objectMembers(node, resolve);
  if (!members?.length) return undefined;
  const byName = new Map<string, Property>();
  for (const m of members)
    for (const p of m.properties) {
      const seen = byName.get(p.name);
      // A name in two members: required when either requires it, and both types apply (an intersection, which is
      // merged in turn when both are objects).
      byName.set(
        p.name,
        seen ? { ...seen, required: seen.required || p.required, type: both(seen.type, p.type) } : p,
      );
    }
  const named = new Set(byName.keys());
  const extraRequired = [...new Set(members.flatMap((m) => m.extraRequired))];
  // A `required` entry of one member naming another member's property makes that property required.
  for (const name of extraRequired.filter((n) => named.has(n)))
    byName.set(name, { ...byName.get(name)!, required: true });
  const closed = members.find((m) => m.additional !== true);
  const merged: ObjectNode = {
    kind: 'object',
    nullable: node.nullable,
    pointer: node.pointer,
    properties: [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    additional: closed ? closed.additional : true,
    extraRequired: extraRequired.filter((n) => !named.has(n)),
    rules: members.flatMap((m) => m.rules),
    typeAsserted: members.some((m) => m.typeAsserted),
  };
  if (node.description !== undefined) merged.description = node.description;
  if (node.default !== undefined) merged.default = node.default;
  if (node.deprecated) merged.deprecated = node.deprecated;
  return merged;
}

function both(a: TypeNode, b: TypeNode): TypeNode {
  if (a.kind === 'unknown' || shapeKey(a) === shapeKey(b)) return b;
  if (b.kind === 'unknown') return a;
  return { kind: 'intersection', members: [a, b], nullable: a.nullable && b.nullable, pointer: b.pointer };
}

/** An enum beside string keywords (`enum` with `maxLength`): the values say everything a client can send or get. */
function constrainedEnum(node: Extract<TypeNode, { kind: 'intersection' }>): TypeNode | undefined {
  const values = node.members.filter((m) => m.kind === 'enum' || m.kind === 'literal');
  if (values.length !== 1 || !node.members.every((m) => m === values[0] || m.kind === 'string'))
    return undefined;
  return { ...values[0]!, nullable: node.nullable || values[0]!.nullable };
}

const plainString = (n: TypeNode) =>
  n.kind === 'string' &&
  n.minLength === undefined &&
  n.maxLength === undefined &&
  n.pattern === undefined &&
  n.format === undefined;

function openEnum(node: Extract<TypeNode, { kind: 'union' }>, resolve: Resolve): EnumNode | undefined {
  if (node.variants.length !== 2) return undefined;
  const [x, y] = node.variants.map((v) => (v.kind === 'ref' ? resolve(v) : v)) as [TypeNode, TypeNode];
  const known = [x, y].find(
    (v) =>
      (v.kind === 'enum' && v.values.every((s) => typeof s === 'string')) ||
      (v.kind === 'literal' && typeof v.value === 'string'),
  );
  const other = known === x ? y : x;
  if (!known || !plainString(other)) return undefined;
  const values = known.kind === 'enum' ? known.values : [(known as { value: string }).value];
  const open: EnumNode = {
    kind: 'enum',
    values,
    open: true,
    nullable: node.nullable || x.nullable || y.nullable,
    pointer: node.pointer,
  };
  if (node.description !== undefined) open.description = node.description;
  if (node.default !== undefined) open.default = node.default;
  return open;
}
