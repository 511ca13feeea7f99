/** Small read-only questions emitters and passes ask of the IR. */
import type { Api, NamedSchema, ObjectNode, Operation, Response, TypeNode } from './types.ts';

/**
 * The schemas by name, built once per IR (and again only if its schema list is replaced or grows): the passes and
 * emitters ask for it per node, which rebuilt a map of every schema each time (0.6 s on GitHub's spec).
 */
export function schemaByName(api: Api): Map<string, NamedSchema> {
  const cached = byName.get(api);
  if (cached && cached.list === api.schemas && cached.length === api.schemas.length) return cached.map;
  const map = new Map(api.schemas.map((s) => [s.name, s]));
  byName.set(api, { list: api.schemas, length: api.schemas.length, map });
  return map;
}
const byName = new WeakMap<Api, { list: readonly NamedSchema[]; length: number; map: Map<string, NamedSchema> }>();

/** Follows refs to the underlying node. */
export function resolveNode(api: Api, node: TypeNode, schemas = schemaByName(api)): TypeNode {
  let current = node;
  for (let i = 0; current.kind === 'ref' && i < 32; i++) {
    const target = schemas.get(current.target);
    if (!target) break;
    current = target.type;
  }
  return current;
}

export function successResponse(op: Operation): Response | undefined {
  return op.responses.find((r) => /^2\d\d$/.test(r.status)) ?? op.responses.find((r) => r.status === '2XX');
}

/** The object node of a list envelope (`object: "list"`, `data: [...]`), when the operation returns one. */
export function listEnvelope(api: Api, op: Operation): { envelope: ObjectNode; item: TypeNode } | undefined {
  if (op.method !== 'get') return undefined;
  const json = successResponse(op)?.contents.find((c) => c.kind === 'json' && !c.when);
  if (!json?.type) return undefined;
  const node = resolveNode(api, json.type);
  if (node.kind !== 'object') return undefined;
  const data = node.properties.find((p) => p.name === 'data');
  const object = node.properties.find((p) => p.name === 'object');
  if (!data || data.type.kind !== 'array') return undefined;
  const isList = object && ((object.type.kind === 'literal' && object.type.value === 'list') || object.type.kind === 'string');
  return isList ? { envelope: node, item: data.type.items } : undefined;
}

/** The item type of a paged list (`op.paging`): the items of the array at `paging.items`. */
export function pagedItem(api: Api, op: Operation): TypeNode | undefined {
  const json = op.paging && successResponse(op)?.contents.find((c) => c.kind === 'json' && !c.when && c.type);
  if (!json?.type) return undefined;
  let node = resolveNode(api, json.type);
  for (const key of op.paging!.items) {
    const prop = node.kind === 'object' ? node.properties.find((p) => p.name === key) : undefined;
    if (!prop) return undefined;
    node = resolveNode(api, prop.type);
  }
  return node.kind === 'array' ? node.items : undefined;
}

/** Properties of an object, or of every object member of an intersection (refs followed). */
export function propertiesOf(api: Api, node: TypeNode, schemas = schemaByName(api), depth = 0): ObjectNode['properties'] {
  const resolved = resolveNode(api, node, schemas);
  if (resolved.kind === 'object') return resolved.properties;
  if (resolved.kind === 'intersection' && depth < 16) return resolved.members.flatMap((m) => propertiesOf(api, m, schemas, depth + 1));
  return [];
}

/**
 * How a client sends its credential for this operation (and a server reads it), from the first security scheme the operation accepts:
 * HTTP basic, or an API key in a header, the query or a cookie. Bearer (and OAuth2 / OpenID Connect tokens, sent
 * as bearer) is the default and is left out.
 */
export function credentialOf(api: Api, op: Operation): Record<string, string> | undefined {
  const first = op.security[0]?.[0];
  const scheme = first ? api.securitySchemes.find((s) => s.name === first.scheme) : undefined;
  if (!scheme) return undefined;
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return { kind: 'basic' };
  if (scheme.type === 'apiKey' && scheme.in && scheme.parameterName) return { kind: 'apiKey', in: scheme.in, name: scheme.parameterName };
  return undefined;
}
