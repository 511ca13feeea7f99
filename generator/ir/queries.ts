import type { Api, ParsedApi } from './api.ts';
import type { ParsedOperation } from './operation.ts';
import type { ParsedResponse } from './response.ts';
import type { EnumNode, ObjectNode, ParsedSchema, TypeNode } from './schema.ts';

/**
 * The schemas by name, built once per model (and again only if its schema list is replaced or grows): the passes
 * and emitters ask for it per node, which rebuilt a map of every schema each time (0.6 s on GitHub's spec).
 */
export function schemaByName<S extends ParsedSchema>(api: { schemas: S[] }): Map<string, S> {
  const cached = byName.get(api);
  if (cached && cached.list === api.schemas && cached.length === api.schemas.length)
    return cached.map as Map<string, S>;
  const map = new Map(api.schemas.map((s) => [s.name, s]));
  byName.set(api, { list: api.schemas, length: api.schemas.length, map });
  return map;
}
const byName = new WeakMap<
  object,
  { list: readonly ParsedSchema[]; length: number; map: Map<string, ParsedSchema> }
>();

/** Follows refs to the underlying node. */
export function resolveNode(
  api: ParsedApi,
  node: TypeNode,
  schemas: Map<string, ParsedSchema> = schemaByName(api),
): TypeNode {
  let current = node;
  for (let i = 0; current.kind === 'ref' && i < 32; i++) {
    const target = schemas.get(current.target);
    if (!target) break;
    current = target.type;
  }
  return current;
}

/** The success response (ir/api.ts, the terms): passes ask it of parsed operations; emitters read `Operation.success`. */
export function successResponse<R extends ParsedResponse>(op: { responses: R[] }): R | undefined {
  return op.responses.find((r) => /^2\d\d$/.test(r.status)) ?? op.responses.find((r) => r.status === '2XX');
}

/** The object node of a list envelope (`object: "list"`, `data: [...]`), when the operation returns one. */
export function listEnvelope(
  api: ParsedApi,
  op: ParsedOperation,
): { envelope: ObjectNode; item: TypeNode } | undefined {
  if (op.method !== 'get') return undefined;
  const json = successResponse(op)?.contents.find((c) => c.kind === 'json' && !c.when);
  if (!json?.type) return undefined;
  const node = resolveNode(api, json.type);
  if (node.kind !== 'object') return undefined;
  const data = node.properties.find((p) => p.name === 'data');
  const object = node.properties.find((p) => p.name === 'object');
  if (data?.type.kind !== 'array') return undefined;
  const isList =
    object &&
    ((object.type.kind === 'literal' && object.type.value === 'list') || object.type.kind === 'string');
  return isList ? { envelope: node, item: data.type.items } : undefined;
}

/** Properties of an object, or of every object member of an intersection (refs followed). */
export function propertiesOf(
  api: ParsedApi,
  node: TypeNode,
  schemas: Map<string, ParsedSchema> = schemaByName(api),
  depth = 0,
): ObjectNode['properties'] {
  const resolved = resolveNode(api, node, schemas);
  if (resolved.kind === 'object') return resolved.properties;
  if (resolved.kind === 'intersection' && depth < 16)
    return resolved.members.flatMap((m) => propertiesOf(api, m, schemas, depth + 1));
  return [];
}

/** The name of the hoisted enum an enum node prints as (`Api.enumNames`); an enum the naming pass did not hoist is an internal error. */
export function enumNameOf(api: Pick<Api, 'enumNames'>, node: EnumNode): string {
  const name = api.enumNames.get(node.pointer);
  if (name === undefined) throw new Error(`internal: the enum at ${node.pointer} has no name`);
  return name;
}
